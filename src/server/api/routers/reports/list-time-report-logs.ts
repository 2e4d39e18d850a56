import { sessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { reportViewerFor } from "@/server/services/reports/time";
import { timeReportLogPage } from "@/server/services/reports/logs";
import { reportLogSchema, timeReportLogsInput } from "@/server/contract/time-report";

/** The report's detail: its logs a keyset page at a time, oldest first (a member: their own). */
export const listTimeReportLogsProcedure = sessionProcedure
  .input(timeReportLogsInput)
  .output(pageOf(reportLogSchema))
  .query(async ({ ctx, input }) => timeReportLogPage(ctx.db, await reportViewerFor(ctx.db, ctx.actor, input.userId), input));
