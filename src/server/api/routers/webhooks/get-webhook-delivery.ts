import { adminProcedure } from "@/server/api/procedures";
import { getDeliveryDetail } from "@/server/services/webhooks/console";
import { webhookDeliveryDetailOutput, webhookDeliveryIdInput } from "@/server/contract/webhook-delivery";

/** One delivery with its event body and the headers its attempts carry. */
export const getWebhookDeliveryProcedure = adminProcedure
  .input(webhookDeliveryIdInput)
  .output(webhookDeliveryDetailOutput)
  .query(({ ctx, input }) => getDeliveryDetail(ctx.db, ctx.actor, input));
