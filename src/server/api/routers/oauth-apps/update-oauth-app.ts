import { integrationsAdminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { updateOAuthApp } from "@/server/services/oauth/apps";
import { oauthAppSchema, updateOAuthAppInput } from "@/server/contract/oauth-app";

export const updateOAuthAppProcedure = integrationsAdminProcedure
  .input(updateOAuthAppInput)
  .output(oauthAppSchema)
  .mutation(({ ctx, input }) => updateOAuthApp(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input));
