import { publicProcedure } from "@/server/api/procedures";
import { signInBrowser } from "@/server/api/sign-in";
import { auditByUser } from "@/server/api/audit-context";
import { recordLoginFailure } from "@/server/services/auth/account";
import { clearedPendingCookie, finishSsoLogin, SSO_COOKIE, SsoRefusal } from "@/server/services/auth/sso";
import { redirectOutput, ssoCallbackInput } from "@/server/contract/organization-security";
import { refusalLocation } from "./sso-redirects";

/** Where the app opens once signed in. */
const APP_HOME = "/timer";

/** The pending sign-in's cookie value from the request's Cookie header. */
function pendingCookieOf(headers: Headers): string | undefined {
  for (const part of headers.get("cookie")?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === SSO_COOKIE) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** GET /api/app/auth/sso/callback: the provider's answer checked, the user signed in (or created), then the app; else the login page. */
export const finishSsoProcedure = publicProcedure
  .input(ssoCallbackInput)
  .output(redirectOutput)
  .query(async ({ ctx, input }) => {
    // The pending sign-in is spent whatever happens next.
    ctx.resHeaders.append("set-cookie", clearedPendingCookie());
    try {
      const account = await finishSsoLogin(ctx.db, {
        url: new URL(`http://callback/?${new URLSearchParams(input as Record<string, string>)}`),
        pendingCookie: pendingCookieOf(ctx.headers),
        origin: ctx.origin,
        address: ctx.clientAddress,
        userAgent: ctx.headers.get("user-agent"),
      });
      await signInBrowser(ctx, account, { loginMethod: "sso", metadata: { memberCreated: account.memberCreated } });
      return { location: APP_HOME };
    } catch (error) {
      if (error instanceof SsoRefusal && error.user) {
        await recordLoginFailure(ctx.db, auditByUser(ctx, { userId: error.user.id, organizationId: error.user.organizationId }), error.user, "deactivated", "sso");
      }
      return { location: refusalLocation(error) };
    }
  });
