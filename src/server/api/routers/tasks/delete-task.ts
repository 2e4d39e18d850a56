import { keyOrSessionProcedure } from "@/server/api/procedures";
import { deleteTask } from "@/server/services/tasks/tasks";
import { deletedTaskSchema, taskIdInput } from "@/server/contract/task";

/** Soft-deletes a task; from then on it is 404 everywhere and absent from lists. */
export const deleteTaskProcedure = keyOrSessionProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/v1/tasks/{taskId}",
      summary: "Delete a task",
      description: "Soft delete: afterwards the task is 404 on every route and absent from lists.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:delete"],
  })
  .input(taskIdInput)
  .output(deletedTaskSchema)
  .mutation(({ ctx, input }) => deleteTask(ctx.db, ctx.tenant, input.taskId));
