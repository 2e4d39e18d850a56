import { adminProcedure } from "@/server/api/procedures";
import { getEndpointSecret } from "@/server/services/webhooks/console";
import { webhookEndpointIdInput, webhookEndpointSecretOutput } from "@/server/contract/webhook-endpoint";

/** One endpoint's signing secret, read only when an admin reveals or copies it (the polled page leaves it out). */
export const getWebhookEndpointSecretProcedure = adminProcedure
  .input(webhookEndpointIdInput)
  .output(webhookEndpointSecretOutput)
  .query(({ ctx, input }) => getEndpointSecret(ctx.db, ctx.actor, input));
