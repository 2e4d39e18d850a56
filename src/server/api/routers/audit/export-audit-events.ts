import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { auditEventsCsv } from "@/server/services/audit/list";
import { auditEventsFileInput } from "@/server/contract/audit-event";
import { fileSchema } from "@/server/contract/file";

/** The filtered audit log as CSV (`format=csv`), recorded as `data.exported`. */
export const exportAuditEventsProcedure = adminProcedure
  .input(auditEventsFileInput)
  .output(fileSchema)
  .query(({ ctx, input }) => {
    const { format: _format, ...filters } = input;
    return auditEventsCsv(ctx.db, ctx.actor, filters, auditByUser(ctx, ctx.actor));
  });
