import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { updateTask } from "@/server/services/tasks/tasks";
import { taskSchema, updateTaskInput } from "@/server/contract/task";

/** Changes the fields sent; the others stay as they are. */
export const updateTaskProcedure = apiProcedure
  .meta({
    openapi: {
      method: "PATCH",
      path: "/v1/tasks/{taskId}",
      summary: "Update a task",
      description:
        "`subtasks` replaces the whole checklist. Filing under another project moves `primaryConstellationId`; the earlier board link stays.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:write"],
    conditionalScopes: [{ scope: "constellations:write", whenInputHas: "constellationId" }],
  })
  .input(updateTaskInput)
  .output(v1Envelope(taskSchema))
  .mutation(async ({ ctx, input }) => v1Data(ctx, await updateTask(ctx.db, ctx.apiKey, input)));
