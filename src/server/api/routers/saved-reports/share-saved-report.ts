import { sessionProcedure } from "@/server/api/procedures";
import { shareSavedReport } from "@/server/services/reports/saved";
import { savedReportIdInput, sharedReportUrlSchema } from "@/server/contract/saved-report";

/** Makes (or remakes) the read-only share URL `<origin>/r/<token>`; an earlier URL stops working. */
export const shareSavedReportProcedure = sessionProcedure
  .input(savedReportIdInput)
  .output(sharedReportUrlSchema)
  .mutation(({ ctx, input }) => shareSavedReport(ctx.db, ctx.actor, input.id, ctx.origin));
