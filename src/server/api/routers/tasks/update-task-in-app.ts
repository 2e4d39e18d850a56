import { sessionProcedure } from "@/server/api/procedures";
import { updateTask } from "@/server/services/tasks/tasks";
import { taskSchema, updateTaskInput } from "@/server/contract/task";

/** The task page's edits: only the fields sent change; a project moves the filing. */
export const updateTaskInAppProcedure = sessionProcedure
  .input(updateTaskInput)
  .output(taskSchema)
  .mutation(({ ctx, input }) => updateTask(ctx.db, ctx.actor, input));
