import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { timeLogIdInput, timeLogSchema } from "@/server/contract/time-log";
import { getTimeLog } from "@/server/services/time-tracking/list";

/** GET /api/v1/time-logs/{id}: one committed log, e.g. the one a `time_log.created` event names. */
export const getTimeLogProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/time-logs/{id}",
      operationId: "timeLogs-get",
      summary: "Get a time log",
      description: "404 when the log does not exist, was deleted or belongs to another organization.",
      tags: ["Time logs"],
      protect: true,
    },
    scopes: ["time-logs:read"],
  })
  .input(timeLogIdInput)
  .output(v1Envelope(timeLogSchema))
  .query(async ({ ctx, input }) => v1Data(ctx, await getTimeLog(ctx.db, ctx.apiKey.organizationId, input.id)));
