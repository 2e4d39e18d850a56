import { integrationsAdminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { rotateOAuthAppSecret } from "@/server/services/oauth/apps";
import { oauthAppIdInput, oauthAppWithSecretSchema } from "@/server/contract/oauth-app";

/** A new secret, in this response only; the old one stops at once. */
export const rotateOAuthAppSecretProcedure = integrationsAdminProcedure
  .input(oauthAppIdInput)
  .output(oauthAppWithSecretSchema)
  .mutation(({ ctx, input }) => rotateOAuthAppSecret(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input.id));
