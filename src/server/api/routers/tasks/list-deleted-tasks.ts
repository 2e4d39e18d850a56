import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { taskTombstoneSchema } from "@/server/contract/task";
import { listTombstonesInput } from "@/server/contract/tombstone";
import { listDeletedTasks } from "@/server/services/sync/tombstones";

/** GET /api/v1/tasks/deleted: ids of deleted tasks, oldest deletion first. */
export const listDeletedTasksProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/tasks/deleted",
      summary: "List deleted tasks",
      description:
        "The ids of deleted tasks (through the API or the web app), oldest deletion first (deletedAt, then id), keyset-paginated; `since` keeps those deleted at or after it. " +
        "With `updatedSince` on the task list, everything an incremental sync needs: what changed and what went.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:read"],
  })
  .input(listTombstonesInput("deleted-tasks"))
  .output(v1ListEnvelope(taskTombstoneSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listDeletedTasks(ctx.db, ctx.apiKey.organizationId, input)));
