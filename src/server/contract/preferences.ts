// A user's preferences (app-api section 11): time zone, week start, clock and duration formats and
// theme. The response allowlist, the change input, the columns and the serializer.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { isTimeZone } from "@/lib/time-zone";

export const weekStartSchema = z.enum(["monday", "sunday"]);
export const timeFormatSchema = z.enum(["h12", "h24"]);
export const durationFormatSchema = z.enum(["hm", "decimal", "hms"]);
export const themeSchema = z.enum(["system", "light", "dark"]);

/** An IANA time zone name the runtime knows, e.g. `Europe/Berlin`. */
export const timeZoneInput = z.string().trim().refine(isTimeZone, "Choose a time zone such as Europe/Berlin");

export const preferencesSchema = z.object({
  timeZone: z.string(),
  weekStart: weekStartSchema,
  timeFormat: timeFormatSchema,
  durationFormat: durationFormatSchema,
  theme: themeSchema,
});

export const updatePreferencesInput = preferencesSchema.extend({ timeZone: timeZoneInput }).partial();

export type PreferencesView = z.output<typeof preferencesSchema>;
export type UpdatePreferencesInput = z.output<typeof updatePreferencesInput>;

export const preferencesSelect = { timeZone: true, weekStart: true, timeFormat: true, durationFormat: true, theme: true } as const satisfies Prisma.UserSelect;

export function serializePreferences(user: Prisma.UserGetPayload<{ select: typeof preferencesSelect }>): PreferencesView {
  return { timeZone: user.timeZone, weekStart: user.weekStart, timeFormat: user.timeFormat, durationFormat: user.durationFormat, theme: user.theme };
}
