import { z } from "zod";
import { integrationsAdminProcedure } from "@/server/api/procedures";
import { recoverDeliveries } from "@/server/services/webhooks/operations";
import { recoverWebhookDeliveriesInput } from "@/server/contract/webhook-delivery";

/** A manual attempt for every failed delivery since an instant (202 with how many). */
export const recoverWebhookDeliveriesProcedure = integrationsAdminProcedure
  .input(recoverWebhookDeliveriesInput)
  .output(z.object({ queued: z.number().int() }))
  .mutation(({ ctx, input }) => recoverDeliveries(ctx.db, ctx.actor, input));
