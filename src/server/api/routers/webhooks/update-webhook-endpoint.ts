import { auditByUser } from "@/server/api/audit-context";
import { getEnv } from "@/env";
import { adminProcedure } from "@/server/api/procedures";
import { requirePlan } from "@/server/auth/plans";
import { updateEndpoint } from "@/server/services/webhooks/endpoints";
import { updateWebhookEndpointInput, webhookEndpointOutput } from "@/server/contract/webhook-endpoint";

/**
 * Changes url, description, event types or activity; `isActive: true` re-enables a disabled endpoint.
 * A new url or rate needs the plan (402); pausing, describing and unsubscribing work on any plan.
 */
export const updateWebhookEndpointProcedure = adminProcedure
  .input(updateWebhookEndpointInput)
  .output(webhookEndpointOutput)
  .mutation(({ ctx, input }) => {
    if (input.url !== undefined || input.maxRequestsPerSecond !== undefined) requirePlan(ctx.actor.plan, "customIntegrations");
    return updateEndpoint(ctx.db, ctx.actor, input, { appEnv: getEnv().appEnv }, auditByUser(ctx, ctx.actor));
  });
