import { sessionProcedure } from "@/server/api/procedures";
import { createTask } from "@/server/services/tasks/tasks";
import { createTaskInput, taskSchema } from "@/server/contract/task";

/** Any member creates tasks in the app, filed under a project or not. */
export const createTaskInAppProcedure = sessionProcedure
  .input(createTaskInput)
  .output(taskSchema)
  .mutation(({ ctx, input }) => createTask(ctx.db, ctx.actor, input));
