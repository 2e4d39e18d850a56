import { sessionProcedure } from "@/server/api/procedures";
import { deleteTask } from "@/server/services/tasks/tasks";
import { deletedTaskSchema, taskIdInput } from "@/server/contract/task";

/** Soft-deletes a task (after the page's confirmation). */
export const deleteTaskInAppProcedure = sessionProcedure
  .input(taskIdInput)
  .output(deletedTaskSchema)
  .mutation(({ ctx, input }) => deleteTask(ctx.db, ctx.actor, input.taskId));
