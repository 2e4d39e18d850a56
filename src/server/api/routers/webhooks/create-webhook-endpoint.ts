import { auditByUser } from "@/server/api/audit-context";
import { getEnv } from "@/env";
import { integrationsAdminProcedure } from "@/server/api/procedures";
import { createEndpoint } from "@/server/services/webhooks/endpoints";
import { createWebhookEndpointInput, webhookEndpointOutput } from "@/server/contract/webhook-endpoint";

/** Registers an endpoint and answers it with its signing secret. The plan is checked before the body. */
export const createWebhookEndpointProcedure = integrationsAdminProcedure
  .input(createWebhookEndpointInput)
  .output(webhookEndpointOutput)
  .mutation(({ ctx, input }) => createEndpoint(ctx.db, ctx.actor, input, { appEnv: getEnv().appEnv }, auditByUser(ctx, ctx.actor)));
