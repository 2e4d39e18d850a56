import { sessionProcedure } from "@/server/api/procedures";
import { removeSubtask } from "@/server/services/tasks/app-task";
import { deletedTaskSchema, subtaskRefInput } from "@/server/contract/task";

/** Removes one checklist item; the others keep their order. */
export const removeSubtaskProcedure = sessionProcedure
  .input(subtaskRefInput)
  .output(deletedTaskSchema)
  .mutation(({ ctx, input }) => removeSubtask(ctx.db, ctx.actor, input));
