import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { eventIdInput, eventSchema } from "@/server/contract/event";
import { getEvent } from "@/server/services/events/list-events";

/** GET /api/v1/events/{id}: one event as its deliveries carried it. */
export const getEventProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/events/{id}",
      operationId: "events-get",
      summary: "Get an event",
      description:
        "The event's body, exactly as its webhook deliveries carry it, for as long as it is kept (WEBHOOK_RETENTION_DAYS). " +
        "404 when it does not exist, is no longer kept, was a console test event or belongs to another organization.",
      tags: ["Events"],
      protect: true,
    },
    scopes: ["events:read"],
  })
  .input(eventIdInput)
  .output(v1Envelope(eventSchema))
  .query(async ({ ctx, input }) => v1Data(ctx, await getEvent(ctx.db, ctx.apiKey, input.id)));
