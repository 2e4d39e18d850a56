import { getEnv } from "@/env";
import { adminProcedure } from "@/server/api/procedures";
import { planGrants } from "@/server/auth/plans";
import { AppError } from "@/server/errors";
import { createEndpoint } from "@/server/services/webhooks/endpoints";
import { createWebhookEndpointInput, webhookEndpointOutput } from "./webhooks.schema";

/** Registers an endpoint and answers it with its signing secret. The plan is checked before the body. */
export const createWebhookEndpointProcedure = adminProcedure
  .use(({ ctx, next }) => {
    if (!planGrants(ctx.actor.organization.plan, "customIntegrations")) {
      throw new AppError("plan_required", "The organization's plan does not include custom integrations; upgrade to add webhook endpoints.");
    }
    return next();
  })
  .input(createWebhookEndpointInput)
  .output(webhookEndpointOutput)
  .mutation(({ ctx, input }) => createEndpoint(ctx.db, ctx.actor, input, { appEnv: getEnv().appEnv }));
