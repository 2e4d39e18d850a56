import { sessionProcedure } from "@/server/api/procedures";
import { updateTask } from "@/server/services/tasks/tasks";
import { taskSchema, updateTaskInput } from "./tasks.schema";

/** The task page's edits: only the fields sent change; a project moves the filing. */
export const updateTaskInAppProcedure = sessionProcedure
  .input(updateTaskInput)
  .output(taskSchema)
  .mutation(({ ctx, input }) => updateTask(ctx.db, ctx.actor, input));
