// A signed-in session as its person sees it (Settings → Security, GET /api/app/me/sessions).
import { z } from "zod";
import { paginationInput } from "@/server/lib/cursor";
import { timestampSchema } from "@/server/lib/zod";

export const sessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asks. */
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
});

export const listSessionsInput = z.object({ ...paginationInput("sessions") });
export const sessionIdInput = z.object({ id: z.string().min(1).max(100) });

export type SessionView = z.output<typeof sessionSchema>;
export type ListSessionsInput = z.output<typeof listSessionsInput>;
