import { sessionProcedure } from "@/server/api/procedures";
import { getTaskForApp } from "@/server/services/tasks/app-task";
import { appTaskSchema, taskIdInput } from "@/server/contract/task";

/** A task page: the task with its checklist and its comments' authors. */
export const getTaskInAppProcedure = sessionProcedure
  .input(taskIdInput)
  .output(appTaskSchema)
  .query(({ ctx, input }) => getTaskForApp(ctx.db, ctx.actor, input.taskId));
