import { adminProcedure } from "@/server/api/procedures";
import { listAuditEvents } from "@/server/services/audit/list";
import { listAuditEventsInput, listAuditEventsOutput } from "@/server/contract/audit-event";

/** The organization's audit log for Settings → Audit log, newest first, keyset-paginated (admins; members get 403). */
export const listAuditEventsProcedure = adminProcedure
  .input(listAuditEventsInput)
  .output(listAuditEventsOutput)
  .query(({ ctx, input }) => listAuditEvents(ctx.db, ctx.actor, input));
