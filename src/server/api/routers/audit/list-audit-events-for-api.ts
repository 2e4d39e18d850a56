import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { auditEventSchema, listAuditEventsInput } from "@/server/contract/audit-event";
import { listAuditEvents } from "@/server/services/audit/list";

/** GET /api/v1/audit-events: the organization's audit log for a SIEM, newest first. */
export const listAuditEventsForApiProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/audit-events",
      summary: "List audit events",
      description:
        "The organization's audit log newest first (createdAt, then id): who (a user, an API key, an app or Orbit itself) changed what, " +
        "from which address and user agent, with the changed fields. Entries are append-only and kept 365 days. `to` is exclusive.",
      tags: ["Audit log"],
      protect: true,
    },
    scopes: ["audit:read"],
  })
  .input(listAuditEventsInput)
  .output(v1ListEnvelope(auditEventSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listAuditEvents(ctx.db, ctx.apiKey, input)));
