import { getEnv } from "@/env";
import { adminProcedure } from "@/server/api/procedures";
import { requirePlan } from "@/server/auth/plans";
import { createEndpoint } from "@/server/services/webhooks/endpoints";
import { createWebhookEndpointInput, webhookEndpointOutput } from "@/server/contract/webhook-endpoint";

/** Registers an endpoint and answers it with its signing secret. The plan is checked before the body. */
export const createWebhookEndpointProcedure = adminProcedure
  .use(({ ctx, next }) => {
    requirePlan(ctx.actor.organization.plan, "customIntegrations");
    return next();
  })
  .input(createWebhookEndpointInput)
  .output(webhookEndpointOutput)
  .mutation(({ ctx, input }) => createEndpoint(ctx.db, ctx.actor, input, { appEnv: getEnv().appEnv }));
