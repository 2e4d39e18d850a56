import { integrationsAdminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { deleteOAuthApp } from "@/server/services/oauth/apps";
import { deletedOAuthAppSchema, oauthAppIdInput } from "@/server/contract/oauth-app";

/** Deletes the app and revokes every key issued to it. */
export const deleteOAuthAppProcedure = integrationsAdminProcedure
  .input(oauthAppIdInput)
  .output(deletedOAuthAppSchema)
  .mutation(({ ctx, input }) => deleteOAuthApp(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input.id));
