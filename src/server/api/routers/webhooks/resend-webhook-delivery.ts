import { integrationsAdminProcedure } from "@/server/api/procedures";
import { resendDelivery } from "@/server/services/webhooks/operations";
import { webhookDeliveryIdInput, webhookOperationDeliveryOutput } from "@/server/contract/webhook-delivery";

/** Asks the worker for one manual attempt of the delivery (202): same body and ids, a fresh signature. */
export const resendWebhookDeliveryProcedure = integrationsAdminProcedure
  .input(webhookDeliveryIdInput)
  .output(webhookOperationDeliveryOutput)
  .mutation(({ ctx, input }) => resendDelivery(ctx.db, ctx.actor, input));
