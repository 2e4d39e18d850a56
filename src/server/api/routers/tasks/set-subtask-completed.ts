import { sessionProcedure } from "@/server/api/procedures";
import { setSubtaskCompleted } from "@/server/services/tasks/app-task";
import { setSubtaskCompletedInput, subtaskSchema } from "@/server/contract/task";

/** Ticks or unticks one checklist item. */
export const setSubtaskCompletedProcedure = sessionProcedure
  .input(setSubtaskCompletedInput)
  .output(subtaskSchema)
  .mutation(({ ctx, input }) => setSubtaskCompleted(ctx.db, ctx.actor, input));
