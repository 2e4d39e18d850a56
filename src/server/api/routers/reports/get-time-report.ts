import { sessionProcedure } from "@/server/api/procedures";
import { reportViewerFor, timeReport } from "@/server/services/reports/time";
import { timeReportInput, timeReportSchema } from "@/server/contract/time-report";

/** Seconds and amounts in [from, to) grouped by one or two dimensions: the organization's for admins, one's own (without amounts) for members. */
export const getTimeReportProcedure = sessionProcedure
  .input(timeReportInput)
  .output(timeReportSchema)
  .query(async ({ ctx, input }) => timeReport(ctx.db, await reportViewerFor(ctx.db, ctx.actor, input.userId), input));
