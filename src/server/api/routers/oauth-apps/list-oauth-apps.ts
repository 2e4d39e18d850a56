import { integrationsAdminProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listOAuthApps } from "@/server/services/oauth/apps";
import { listOAuthAppsInput, oauthAppSchema } from "@/server/contract/oauth-app";

/** The organization's apps with their installs count; never a secret. */
export const listOAuthAppsProcedure = integrationsAdminProcedure
  .input(listOAuthAppsInput)
  .output(pageOf(oauthAppSchema))
  .query(({ ctx, input }) => listOAuthApps(ctx.db, ctx.actor, input));
