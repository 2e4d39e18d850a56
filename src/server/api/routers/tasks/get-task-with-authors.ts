import { sessionProcedure } from "@/server/api/procedures";
import { getTaskWithAuthors } from "@/server/services/tasks/app-task";
import { taskIdInput, taskWithAuthorsSchema } from "@/server/contract/task";

/** The task page: the task as `tasks.get` shows it, with its comments and their authors' names. */
export const getTaskWithAuthorsProcedure = sessionProcedure
  .input(taskIdInput)
  .output(taskWithAuthorsSchema)
  .query(({ ctx, input }) => getTaskWithAuthors(ctx.db, ctx.actor, input.taskId));
