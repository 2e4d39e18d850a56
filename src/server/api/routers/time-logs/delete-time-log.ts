import { auditByUser } from "@/server/api/audit-context";
import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { deleteTimeLog } from "@/server/services/time-tracking/editing";
import { timeLogIdInput } from "@/server/contract/time-log";

/** Deletes a time log (softly: it leaves every list, report, feed and invoice); a billed one is locked (409). */
export const deleteTimeLogProcedure = sessionProcedure
  .input(timeLogIdInput)
  .output(z.object({ success: z.literal(true), id: z.string() }))
  .mutation(({ ctx, input }) => deleteTimeLog(ctx.db, ctx.actor, input.id, auditByUser(ctx, ctx.actor)));
