import { sessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listSavedReports } from "@/server/services/reports/saved";
import { listSavedReportsInput, savedReportSchema } from "@/server/contract/saved-report";

/** The caller's saved reports, newest first. */
export const listSavedReportsProcedure = sessionProcedure
  .input(listSavedReportsInput)
  .output(pageOf(savedReportSchema))
  .query(({ ctx, input }) => listSavedReports(ctx.db, ctx.actor, input));
