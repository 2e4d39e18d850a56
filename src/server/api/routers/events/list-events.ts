import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { eventSchema, listEventsInput } from "@/server/contract/event";
import { listEvents } from "@/server/services/events/list-events";

/** GET /api/v1/events: the organization's events newest first, as the webhook bodies. */
export const listEventsProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/events",
      summary: "List events",
      description:
        "The organization's events newest first (createdAt, then id), each as the body its webhook deliveries carry, for as long as " +
        "they are kept (WEBHOOK_RETENTION_DAYS). The pull path for a receiver that was down: `undelivered=true` keeps the events " +
        "some endpoint has not received. `GET /api/v1/events/stream` follows new events as Server-Sent Events.",
      tags: ["Events"],
      protect: true,
    },
    scopes: ["events:read"],
  })
  .input(listEventsInput)
  .output(v1ListEnvelope(eventSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listEvents(ctx.db, ctx.apiKey, input)));
