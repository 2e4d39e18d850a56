import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { listTasks } from "@/server/services/tasks/tasks";
import { listTasksInput, taskSchema } from "@/server/contract/task";

/** The organization's live tasks, newest first, with their checklists and comments. */
export const listTasksProcedure = apiProcedure
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
  .output(v1ListEnvelope(taskSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listTasks(ctx.db, ctx.apiKey, input)));
