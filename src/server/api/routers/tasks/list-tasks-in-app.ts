import { sessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listTasks } from "@/server/services/tasks/tasks";
import { listTasksInput, taskSchema } from "@/server/contract/task";

/** The Tasks page and task pickers: status, assignee, customer and search filters, newest first. */
export const listTasksInAppProcedure = sessionProcedure
  .input(listTasksInput)
  .output(pageOf(taskSchema))
  .query(({ ctx, input }) => listTasks(ctx.db, ctx.actor, input));
