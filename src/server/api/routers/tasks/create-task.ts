import { keyOrSessionProcedure } from "@/server/api/procedures";
import { createTask } from "@/server/services/tasks/tasks";
import { createTaskInput, taskSchema } from "@/server/contract/task";

/** Creates a task, optionally filed under a project and with a checklist. */
export const createTaskProcedure = keyOrSessionProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/tasks",
      summary: "Create a task",
      description:
        "A 500 whose `details[0].field` is `taskId` means the task was created (its id is in `details[0].message`) but filing or the checklist failed: " +
        "complete it with PATCH and the subtasks endpoint instead of creating it again.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:write"],
    conditionalScopes: [{ scope: "constellations:write", whenInputHas: "constellationId" }],
    successStatus: 201,
    references: { assigneeId: "member", customerId: "customer", constellationId: "project" },
  })
  .input(createTaskInput)
  .output(taskSchema)
  .mutation(({ ctx, input }) => createTask(ctx.db, ctx.tenant, input));
