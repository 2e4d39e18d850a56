import { integrationsAdminProcedure } from "@/server/api/procedures";
import { sendTestEvent } from "@/server/services/webhooks/operations";
import { sendTestEventInput, webhookOperationDeliveryOutput } from "@/server/contract/webhook-delivery";

/** A test event of a catalog type with example data, to this endpoint only (202 its delivery). */
export const sendTestEventProcedure = integrationsAdminProcedure
  .input(sendTestEventInput)
  .output(webhookOperationDeliveryOutput)
  .mutation(({ ctx, input }) => sendTestEvent(ctx.db, ctx.actor, input));
