import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { rotateSecret } from "@/server/services/webhooks/endpoints";
import { rotatedWebhookEndpointOutput, rotateWebhookSecretInput } from "@/server/contract/webhook-endpoint";

/** A new signing secret; the previous one keeps signing beside it for the overlap (default 24 hours). */
export const rotateWebhookSecretProcedure = adminProcedure
  .input(rotateWebhookSecretInput)
  .output(rotatedWebhookEndpointOutput)
  .mutation(({ ctx, input }) => rotateSecret(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
