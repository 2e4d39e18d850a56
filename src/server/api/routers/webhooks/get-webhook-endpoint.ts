import { adminProcedure } from "@/server/api/procedures";
import { getEndpointDetail } from "@/server/services/webhooks/console";
import { webhookEndpointDetailOutput, webhookEndpointIdInput } from "@/server/contract/webhook-endpoint";

/** One endpoint with why it is not active and its last 24 hours (deliveries completed, attempts made). */
export const getWebhookEndpointProcedure = adminProcedure
  .input(webhookEndpointIdInput)
  .output(webhookEndpointDetailOutput)
  .query(({ ctx, input }) => getEndpointDetail(ctx.db, ctx.actor, input));
