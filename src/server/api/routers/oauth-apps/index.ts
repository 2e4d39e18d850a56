import { createRouter } from "@/server/api/trpc";
import { createOAuthAppProcedure } from "./create-oauth-app";
import { deleteOAuthAppProcedure } from "./delete-oauth-app";
import { describeConsentProcedure } from "./describe-consent";
import { listOAuthAppsProcedure } from "./list-oauth-apps";
import { rotateOAuthAppSecretProcedure } from "./rotate-oauth-app-secret";
import { updateOAuthAppProcedure } from "./update-oauth-app";

export const oauthAppsRouter = createRouter({
  list: listOAuthAppsProcedure,
  create: createOAuthAppProcedure,
  update: updateOAuthAppProcedure,
  rotateSecret: rotateOAuthAppSecretProcedure,
  delete: deleteOAuthAppProcedure,
  consent: describeConsentProcedure,
});
