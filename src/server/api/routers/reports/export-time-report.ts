import { sessionProcedure } from "@/server/api/procedures";
import { reportViewerFor, timeReportFile } from "@/server/services/reports/time";
import { timeReportFileInput } from "@/server/contract/time-report";
import { fileSchema } from "@/server/contract/file";

/** The time report as a file: CSV (one row per log with its group columns) or PDF (the summary with a chart). */
export const exportTimeReportProcedure = sessionProcedure
  .input(timeReportFileInput)
  .output(fileSchema)
  .query(async ({ ctx, input }) => timeReportFile(ctx.db, await reportViewerFor(ctx.db, ctx.actor, input.userId), input));
