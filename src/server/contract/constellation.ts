// Constellation (project): the response allowlist (contract 2.4) and the web app's row, the public
// list and create inputs with their deprecated aliases (contract 4.2 rules 10-11), the in-app create,
// edit and archive inputs, the columns a response is read from, and the serializers. ownerId,
// retrospective, boardLayout and organizationId are never selected nor copied.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from "@/lib/limits";
import { budgetInput, budgetSettingsSchema } from "@/server/contract/budget";
import { rateCents } from "@/server/contract/customer";
import { idInput, optionalText, queryBoolean, searchQuery, updatedSinceInput, timestampSchema } from "@/server/lib/zod";

export const constellationStatusSchema = z.enum(["planning", "in_progress", "completed"]);

export const constellationSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    goal: z.string().nullable(),
    status: constellationStatusSchema,
    customerId: z.string().nullable(),
    dueDate: timestampSchema.nullable().meta({ description: "ISO 8601 instant; a date-only due date is midnight UTC of that day" }),
    archived: z.boolean(),
    archivedAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Constellation" });

export type ConstellationView = z.output<typeof constellationSchema>;

export const CONSTELLATION_LIMITS = { title: MAX_NAME_LENGTH, goal: MAX_LONG_TEXT_LENGTH } as const;

/** Status as a filter or a field: `active` is the deprecated alias of in_progress; anything else is refused. */
const statusInput = () =>
  z
    .enum(["planning", "in_progress", "completed", "active"], { error: "must be planning, in_progress or completed" })
    .transform((status) => (status === "active" ? "in_progress" : status))
    .meta({ description: "planning, in_progress or completed (`active`: deprecated alias of in_progress)" });

/** A calendar date YYYY-MM-DD (midnight UTC) or a full ISO 8601 instant with Z or an offset. */
export function parseDueDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/i.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  // Date parsing rolls 2026-02-30 over to March; a real calendar day survives the round trip.
  if (calendarDay.getUTCFullYear() !== year || calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return undefined;
  if (!match[4]) return calendarDay;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

const dueDateInput = z
  .string()
  .transform((value, ctx) => {
    const date = parseDueDate(value.trim());
    if (!date) {
      ctx.addIssue({ code: "custom", message: "must be a date YYYY-MM-DD or an ISO 8601 instant with Z or an offset" });
      return z.NEVER;
    }
    return date;
  })
  .nullable()
  .optional()
  .meta({ description: "YYYY-MM-DD (midnight UTC) or an ISO 8601 instant with Z or an offset" });

const titleInput = () =>
  z.string().trim().min(1, "must not be blank").max(CONSTELLATION_LIMITS.title, `must be at most ${CONSTELLATION_LIMITS.title} characters`);

export const listConstellationsInput = z.object({
  customerId: idInput.optional(),
  status: statusInput().optional(),
  search: searchQuery().meta({ description: "Case-insensitive substring of title or goal" }),
  includeArchived: queryBoolean().meta({ description: "`true` or `false` (default): include archived constellations" }).optional(),
  ...updatedSinceInput,
  ...paginationInput("constellations"),
});

export const createConstellationInput = z
  .object({
    title: titleInput().optional().meta({ description: "Required unless the deprecated `name` is sent" }),
    goal: optionalText(CONSTELLATION_LIMITS.goal),
    customerId: idInput.nullable().optional().meta({ description: "A customer of the caller's organization" }),
    status: statusInput().optional(),
    dueDate: dueDateInput,
    name: titleInput().optional().meta({ description: "Deprecated alias of title", deprecated: true }),
    description: optionalText(CONSTELLATION_LIMITS.goal).meta({ description: "Deprecated alias of goal", deprecated: true }),
  })
  // An alias sent with its canonical field must agree with it: silently dropping either would lose data.
  .superRefine((input, ctx) => {
    if (input.title === undefined && input.name === undefined) ctx.addIssue({ code: "custom", path: ["title"], message: "is required" });
    if (input.title !== undefined && input.name !== undefined && input.title !== input.name) {
      ctx.addIssue({ code: "custom", path: ["name"], message: "differs from title; send title only (name is a deprecated alias)" });
    }
    if (input.goal != null && input.description != null && input.goal !== input.description) {
      ctx.addIssue({ code: "custom", path: ["description"], message: "differs from goal; send goal only (description is a deprecated alias)" });
    }
  });

export type CreateConstellationRequest = z.output<typeof createConstellationInput>;

/** Resolves the deprecated aliases to the canonical fields (the web app sends the canonical ones only). */
export function canonicalConstellation(input: CreateConstellationRequest) {
  return {
    title: (input.title ?? input.name)!,
    goal: input.goal ?? input.description ?? null,
    customerId: input.customerId ?? null,
    status: input.status ?? "planning",
    dueDate: input.dueDate ?? null,
  };
}

export const constellationByIdInput = z.object({ id: idInput.meta({ description: "Constellation id" }) });

/** A project with its customer's name (the web app's pages): the v1 shape plus the name, read in the same query. */
export const constellationWithCustomerNameSchema = constellationSchema.extend({ customerName: z.string().nullable() });

export type ConstellationWithCustomerNameView = z.output<typeof constellationWithCustomerNameSchema>;

/** The web app's project: with, for admins only, its rate and budget (members never see rates). */
export const appProjectSchema = constellationWithCustomerNameSchema.extend({
  hourlyRateCents: z.number().int().nullable().optional(),
  budget: budgetSettingsSchema.nullable().optional(),
});
export type AppProjectView = z.output<typeof appProjectSchema>;

export const updateConstellationInput = z
  .object({
    id: idInput,
    title: titleInput().optional(),
    goal: optionalText(CONSTELLATION_LIMITS.goal),
    customerId: idInput.nullable().optional(),
    status: statusInput().optional(),
    dueDate: dueDateInput,
    /** Admins only (section 16): the project's rate, its budget; null clears either. */
    hourlyRateCents: rateCents.nullable().optional(),
    budget: budgetInput.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    if (Object.entries(input).every(([key, value]) => key === "id" || value === undefined)) {
      ctx.addIssue({ code: "custom", path: ["body"], message: "at least one field to change is required" });
    }
  });

export type ListConstellationsInput = z.output<typeof listConstellationsInput>;
/** A project to create, its deprecated aliases resolved. */
export type CreateConstellationInput = ReturnType<typeof canonicalConstellation>;
/** The fields to change; an absent field is left as it is. */
export type UpdateConstellationInput = Omit<z.output<typeof updateConstellationInput>, "id">;

/** The columns a constellation response is built from; queries select exactly these. */
export const constellationSelect = {
  id: true,
  title: true,
  goal: true,
  status: true,
  customerId: true,
  dueDate: true,
  archived: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.ConstellationSelect;

/** The project and its customer's name, joined in the one query. */
export const constellationWithCustomerNameSelect = { ...constellationSelect, customer: { select: { name: true } } } as const satisfies Prisma.ConstellationSelect;

export type ConstellationRow = Prisma.ConstellationGetPayload<{ select: typeof constellationSelect }>;
type ConstellationWithCustomerNameRow = Prisma.ConstellationGetPayload<{ select: typeof constellationWithCustomerNameSelect }>;

export function serializeConstellation(constellation: ConstellationRow): ConstellationView {
  return {
    id: constellation.id,
    title: constellation.title,
    goal: constellation.goal,
    status: constellation.status,
    customerId: constellation.customerId,
    dueDate: constellation.dueDate?.toISOString() ?? null,
    archived: constellation.archived,
    archivedAt: constellation.archivedAt?.toISOString() ?? null,
    createdAt: constellation.createdAt.toISOString(),
    updatedAt: constellation.updatedAt.toISOString(),
  };
}

export function serializeConstellationWithCustomerName(row: ConstellationWithCustomerNameRow): ConstellationWithCustomerNameView {
  return { ...serializeConstellation(row), customerName: row.customer?.name ?? null };
}
