// Audit event (app-api section 15): the response allowlist, the list's filters (the same for the web
// app, its CSV and /api/v1), the columns an entry is read from, and the serializer.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput, isoInstant, timestampSchema } from "@/server/lib/zod";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPE_WORDS } from "@/lib/audit-actions";

export const AUDIT_ACTOR_TYPES = Object.keys(AUDIT_ACTOR_TYPE_WORDS) as [keyof typeof AUDIT_ACTOR_TYPE_WORDS, ...(keyof typeof AUDIT_ACTOR_TYPE_WORDS)[]];

export const auditEventSchema = z
  .object({
    id: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      type: z.enum(AUDIT_ACTOR_TYPES),
      id: z.string().nullable().meta({ description: "The user's or key's id; null for Orbit itself (`system`)" }),
      name: z.string().meta({ description: "The actor's name when the entry was written" }),
    }),
    target: z.object({
      type: z.string().meta({ description: "What was changed: `organization`, `user`, `invite`, `api_key`, `webhook_endpoint`, `invoice`, `time_log`, …" }),
      id: z.string().nullable(),
      label: z.string().nullable().meta({ description: "A name people recognise (an email, a key's name, an endpoint's URL, an invoice number)" }),
    }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).meta({ description: "The changed fields (`{ field: { from, to } }`) and facts of the action; never a secret" }),
    createdAt: timestampSchema,
  })
  .meta({ id: "AuditEvent", description: "One entry of the organization's audit log" });

export type AuditEventView = z.output<typeof auditEventSchema>;

const TARGET_TYPE = /^[a-z_]{1,64}$/;

const auditFilterFields = {
  actorId: idInput.meta({ description: "Only entries of this actor (a user's or API key's id)" }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "must be one of the audit log's actions" }).meta({ description: "Only entries of this action" }).optional(),
  targetType: z.string().regex(TARGET_TYPE, "must be a target type such as api_key or webhook_endpoint").meta({ description: "Only entries whose target is of this type" }).optional(),
  from: isoInstant().meta({ description: "Only entries written at or after this ISO 8601 instant" }).optional(),
  to: isoInstant().meta({ description: "Only entries written before this ISO 8601 instant" }).optional(),
};

function refineRange(input: { from?: Date; to?: Date }, ctx: z.RefinementCtx): void {
  if (input.from && input.to && input.to <= input.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
}

export const listAuditEventsInput = z.object({ ...auditFilterFields, ...paginationInput("audit-events") }).superRefine(refineRange);

/** The web app's route also takes `format`: `json` (the default) or `csv`. */
export const auditEventsFileInput = z.object({ ...auditFilterFields, format: z.literal("csv", { error: "must be json or csv" }) }).superRefine(refineRange);

export type ListAuditEventsInput = z.output<typeof listAuditEventsInput>;
export type AuditEventFilters = Omit<ListAuditEventsInput, "limit" | "cursor">;

export const listAuditEventsOutput = z.object({ items: z.array(auditEventSchema), pagination: paginationSchema });

export const auditEventSelect = {
  id: true,
  action: true,
  actorType: true,
  actorId: true,
  actorName: true,
  targetType: true,
  targetId: true,
  targetLabel: true,
  ip: true,
  userAgent: true,
  metadata: true,
  createdAt: true,
} as const satisfies Prisma.AuditEventSelect;

type AuditEventRow = Prisma.AuditEventGetPayload<{ select: typeof auditEventSelect }>;

export function serializeAuditEvent(row: AuditEventRow): AuditEventView {
  const metadata = row.metadata && typeof row.metadata === "object" && !Array.isArray(row.metadata) ? (row.metadata as Record<string, unknown>) : {};
  return {
    id: row.id,
    action: row.action as AuditEventView["action"],
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    ip: row.ip,
    userAgent: row.userAgent,
    metadata,
    createdAt: row.createdAt.toISOString(),
  };
}
