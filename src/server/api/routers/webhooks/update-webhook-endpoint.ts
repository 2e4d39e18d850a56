import { getEnv } from "@/env";
import { adminProcedure } from "@/server/api/procedures";
import { updateEndpoint } from "@/server/services/webhooks/endpoints";
import { updateWebhookEndpointInput, webhookEndpointOutput } from "@/server/contract/webhook-endpoint";

/** Changes url, description, event types or activity; `isActive: true` re-enables a disabled endpoint. */
export const updateWebhookEndpointProcedure = adminProcedure
  .input(updateWebhookEndpointInput)
  .output(webhookEndpointOutput)
  .mutation(({ ctx, input }) => updateEndpoint(ctx.db, ctx.actor, input, { appEnv: getEnv().appEnv }));
