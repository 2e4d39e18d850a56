import { sessionProcedure } from "@/server/api/procedures";
import { createSavedReport } from "@/server/services/reports/saved";
import { createSavedReportInput, savedReportSchema } from "@/server/contract/saved-report";

/** Keeps a report's parameters under a name (a member: their own time only). */
export const createSavedReportProcedure = sessionProcedure
  .input(createSavedReportInput)
  .output(savedReportSchema)
  .mutation(({ ctx, input }) => createSavedReport(ctx.db, ctx.actor, input));
