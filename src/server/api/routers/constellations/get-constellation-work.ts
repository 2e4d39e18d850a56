import { sessionProcedure } from "@/server/api/procedures";
import { workSummary } from "@/server/services/reports/work-summary";
import { workSummaryInput, workSummarySchema } from "@/server/contract/work-summary";

/** A project's hours this week, this month and all time (billable and not, amounts for admins), per task; members see their own time. */
export const getConstellationWorkProcedure = sessionProcedure
  .input(workSummaryInput)
  .output(workSummarySchema)
  .query(({ ctx, input }) => workSummary(ctx.db, ctx.actor, { kind: "project", id: input.id }));
