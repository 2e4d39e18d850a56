import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { unshareSavedReport } from "@/server/services/reports/saved";
import { savedReportIdInput } from "@/server/contract/saved-report";

/** Revokes the share URL: its token answers 404 from now on. */
export const unshareSavedReportProcedure = sessionProcedure
  .input(savedReportIdInput)
  .output(z.object({ success: z.literal(true), id: z.string() }))
  .mutation(({ ctx, input }) => unshareSavedReport(ctx.db, ctx.actor, input.id));
