import { keyOrSessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listTasks } from "@/server/services/tasks/tasks";
import { listTasksInput, taskSchema } from "@/server/contract/task";

/** The organization's live tasks, newest first, with their checklists and comments. */
export const listTasksProcedure = keyOrSessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/tasks",
      summary: "List tasks",
      description: "Newest first (createdAt, then id), keyset-paginated. Deleted tasks never appear.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:read"],
  })
  .input(listTasksInput)
  .output(pageOf(taskSchema))
  .query(({ ctx, input }) => listTasks(ctx.db, ctx.tenant, input));
