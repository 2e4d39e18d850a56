import { keyOrSessionProcedure } from "@/server/api/procedures";
import { getTask } from "@/server/services/tasks/tasks";
import { taskIdInput, taskSchema } from "@/server/contract/task";

/** One live task of the organization; anything else is 404. */
export const getTaskProcedure = keyOrSessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/tasks/{taskId}",
      summary: "Get a task",
      description: "404 when the task does not exist, was deleted or belongs to another organization.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:read"],
  })
  .input(taskIdInput)
  .output(taskSchema)
  .query(({ ctx, input }) => getTask(ctx.db, ctx.tenant, input.taskId));
