import { integrationsAdminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { createOAuthApp } from "@/server/services/oauth/apps";
import { createOAuthAppInput, oauthAppWithSecretSchema } from "@/server/contract/oauth-app";

/** Registers an app; its secret is in this response only. */
export const createOAuthAppProcedure = integrationsAdminProcedure
  .input(createOAuthAppInput)
  .output(oauthAppWithSecretSchema)
  .mutation(({ ctx, input }) => createOAuthApp(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input));
