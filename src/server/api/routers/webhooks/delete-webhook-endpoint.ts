import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { deleteEndpoint } from "@/server/services/webhooks/endpoints";
import { deleteWebhookEndpointOutput, webhookEndpointIdInput } from "@/server/contract/webhook-endpoint";

/** Deletes an endpoint and its delivery log. */
export const deleteWebhookEndpointProcedure = adminProcedure
  .input(webhookEndpointIdInput)
  .output(deleteWebhookEndpointOutput)
  .mutation(({ ctx, input }) => deleteEndpoint(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
