import { keyOrSessionProcedure } from "@/server/api/procedures";
import { updateTask } from "@/server/services/tasks/tasks";
import { taskSchema, updateTaskInput } from "@/server/contract/task";

/** Changes the fields sent; the others stay as they are. */
export const updateTaskProcedure = keyOrSessionProcedure
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
    references: { assigneeId: "member", customerId: "customer", constellationId: "project" },
  })
  .input(updateTaskInput)
  .output(taskSchema)
  .mutation(({ ctx, input }) => updateTask(ctx.db, ctx.tenant, input));
