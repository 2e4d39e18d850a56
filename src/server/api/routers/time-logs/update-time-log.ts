import { sessionProcedure } from "@/server/api/procedures";
import { updateTimeLog } from "@/server/services/time-tracking/editing";
import { timeLogSchema, updateTimeLogInput } from "@/server/contract/time-log";

/** Changes a time log: the caller's own, or anyone's in the organization for an admin; a billed one is locked (409). */
export const updateTimeLogProcedure = sessionProcedure
  .input(updateTimeLogInput)
  .output(timeLogSchema)
  .mutation(({ ctx, input }) => updateTimeLog(ctx.db, ctx.actor, input));
