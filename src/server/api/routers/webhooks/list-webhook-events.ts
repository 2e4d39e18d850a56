import { adminProcedure } from "@/server/api/procedures";
import { listWebhookEvents } from "@/server/services/webhooks/deliveries";
import { listWebhookEventsInput, listWebhookEventsOutput } from "@/server/contract/webhook-delivery";

/** Webhooks → Events: every event with where it went, newest first; by type, delivery status or an id. */
export const listWebhookEventsProcedure = adminProcedure
  .input(listWebhookEventsInput)
  .output(listWebhookEventsOutput)
  .query(({ ctx, input }) => listWebhookEvents(ctx.db, ctx.actor, input));
