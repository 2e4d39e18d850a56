import { sessionProcedure } from "@/server/api/procedures";
import { scopeInWords } from "@/server/auth/scopes";
import { checkAuthorizationRequest, installerStanding } from "@/server/services/oauth/authorization";
import { consentRequestInput, consentViewSchema, type ConsentView } from "@/server/contract/oauth-app";

/** What the consent page shows for an authorization request: an error, a redirect back, or the app and its scopes in words. */
export const describeConsentProcedure = sessionProcedure
  .input(consentRequestInput)
  .output(consentViewSchema)
  .query(async ({ ctx, input }): Promise<ConsentView> => {
    const check = await checkAuthorizationRequest(ctx.db, input);
    if (check.kind !== "valid") return check;
    return {
      kind: "valid",
      app: { name: check.app.name, websiteUrl: check.app.websiteUrl, description: check.app.description, maker: check.app.maker },
      scopes: check.scopes.map((scope) => ({ scope, words: scopeInWords(scope) })),
      redirectHost: new URL(check.redirectUri).host,
      standing: installerStanding(ctx.actor),
    };
  });
