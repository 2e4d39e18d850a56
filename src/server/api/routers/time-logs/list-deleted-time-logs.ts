import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { deletedTimeLogSchema } from "@/server/contract/time-log";
import { listTombstonesInput } from "@/server/contract/tombstone";
import { listDeletedTimeLogs } from "@/server/services/sync/tombstones";

/** GET /api/v1/time-logs/deleted: ids of deleted logs, oldest deletion first. */
export const listDeletedTimeLogsProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/time-logs/deleted",
      summary: "List deleted time logs",
      description:
        "The ids of logs deleted in the web app, oldest deletion first (deletedAt, then id), keyset-paginated; `since` keeps those deleted at or after it. " +
        "With `updatedSince` on the time-log list, everything an incremental sync needs: what changed and what went.",
      tags: ["Time logs"],
      protect: true,
    },
    scopes: ["time-logs:read"],
  })
  .input(listTombstonesInput("deleted-time-logs"))
  .output(v1ListEnvelope(deletedTimeLogSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listDeletedTimeLogs(ctx.db, ctx.apiKey.organizationId, input)));
