import { publicProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { notFound } from "@/server/errors";
import { openSharedReportLogs } from "@/server/services/reports/saved";
import { sharedReportTokenInput } from "@/server/contract/saved-report";
import { reportLogSchema, sharedReportLogsInput } from "@/server/contract/time-report";

/** A page of a shared report's logs, oldest first, for the public /r/<token> page. */
export const listSharedReportLogsProcedure = publicProcedure
  .input(sharedReportLogsInput.extend(sharedReportTokenInput.shape))
  .output(pageOf(reportLogSchema))
  .query(async ({ ctx, input }) => {
    const { token, ...page } = input;
    const logs = await openSharedReportLogs(ctx.db, token, page);
    if (!logs) throw notFound("Shared report");
    return logs;
  });
