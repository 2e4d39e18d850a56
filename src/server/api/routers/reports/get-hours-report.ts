import { sessionProcedure } from "@/server/api/procedures";
import { hoursReport } from "@/server/services/reports/time";
import { hoursReportInput, hoursReportSchema } from "@/server/contract/hours-report";

/** Hours per customer and per project in [from, to), billable and not: the organization's for admins, one's own for members. */
export const getHoursReportProcedure = sessionProcedure
  .input(hoursReportInput)
  .output(hoursReportSchema)
  .query(({ ctx, input }) => hoursReport(ctx.db, ctx.actor, input));
