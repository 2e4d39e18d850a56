import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { getTask } from "@/server/services/tasks/tasks";
import { taskIdInput, taskSchema } from "@/server/contract/task";

/** One live task of the organization; anything else is 404. */
export const getTaskProcedure = apiProcedure
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
  .output(v1Envelope(taskSchema))
  .query(async ({ ctx, input }) => v1Data(ctx, await getTask(ctx.db, ctx.apiKey, input.taskId)));
