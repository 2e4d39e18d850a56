import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { deleteSavedReport } from "@/server/services/reports/saved";
import { savedReportIdInput } from "@/server/contract/saved-report";

/** Removes one of the caller's saved reports, and its share URL with it. */
export const deleteSavedReportProcedure = sessionProcedure
  .input(savedReportIdInput)
  .output(z.object({ success: z.literal(true), id: z.string() }))
  .mutation(({ ctx, input }) => deleteSavedReport(ctx.db, ctx.actor, input.id));
