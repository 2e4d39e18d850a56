import { adminProcedure } from "@/server/api/procedures";
import { listDeliveries } from "@/server/services/webhooks/deliveries";
import { listWebhookDeliveriesInput, listWebhookDeliveriesOutput } from "@/server/contract/webhook-delivery";

/** One endpoint's delivery log, newest first, cursor-paginated. */
export const listWebhookDeliveriesProcedure = adminProcedure
  .input(listWebhookDeliveriesInput)
  .output(listWebhookDeliveriesOutput)
  .query(({ ctx, input }) => listDeliveries(ctx.db, ctx.actor, input));
