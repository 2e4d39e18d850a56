import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { listTimeLogs } from "@/server/services/time-tracking/list";
import { listTimeLogsInput, timeLogSchema } from "@/server/contract/time-log";

/** The organization's committed time logs, newest start first. */
export const listTimeLogsProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/time-logs",
      summary: "List time logs",
      description:
        "Committed logs only (a running timer is not a time log), sorted by startedAt descending, then id; keyset-paginated. `from` and `to` are inclusive and apply to startedAt. Use webhooks, not polling, to learn about new logs.",
      tags: ["Time logs"],
      protect: true,
    },
    scopes: ["time-logs:read"],
  })
  .input(listTimeLogsInput)
  .output(v1ListEnvelope(timeLogSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listTimeLogs(ctx.db, ctx.apiKey.organizationId, input)));
