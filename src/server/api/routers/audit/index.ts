// The organization's audit log (app-api section 15): read by admins in the web app (and as CSV) and by API keys with audit:read.
import { createRouter } from "@/server/api/trpc";
import { exportAuditEventsProcedure } from "./export-audit-events";
import { listAuditEventsProcedure } from "./list-audit-events";
import { listAuditEventsForApiProcedure } from "./list-audit-events-for-api";

export const auditRouter = createRouter({
  list: listAuditEventsProcedure,
  exportCsv: exportAuditEventsProcedure,
  listForApi: listAuditEventsForApiProcedure,
});
