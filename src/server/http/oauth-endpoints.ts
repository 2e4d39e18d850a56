// The OAuth 2.0 endpoints (app-api section 14), answering in OAuth's own formats (RFC 6749, 7009,
// 8414), not in the envelope: the token and revocation endpoints, the metadata, and the consent
// decision (the consent page's POST). The public paths (`/oauth/token`, `/oauth/revoke`, POST
// `/oauth/authorize`, `/.well-known/oauth-authorization-server`) reach these through the edge's
// rewrite (edge.ts `oauthRoutePath`). Failed requests count against the client address like failed
// logins (services/auth/throttle.ts).
import { getDb } from "@/server/db";
import { AppError, toAppError } from "@/server/errors";
import { SCOPES } from "@/server/auth/scopes";
import { readBodyText } from "@/server/http/body";
import { clientAddressOf } from "@/server/http/client-address";
import { isSameOrigin, publicOrigin } from "@/server/http/origin";
import { createRequestContext } from "@/server/http/request-context";
import { withSessionActor } from "@/server/api/middleware/session";
import { oauthAttempt, reserveAttempt } from "@/server/services/auth/throttle";
import { recordFailedAttempt } from "@/server/operations/address-standing";
import { OAuthError, exchangeAuthorizationCode, revokeToken } from "@/server/services/oauth/token";
import {
  AUTHORIZATION_PARAM_NAMES,
  authorizationParamsOf,
  checkAuthorizationRequest,
  installerStanding,
  issueAuthorizationCode,
  redirectWith,
} from "@/server/services/oauth/authorization";
import { OAUTH_PATHS } from "@/lib/oauth-paths";

/** RFC 6749 5.1: token answers (and their errors) are never cached. */
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" } as const;

function oauthJson(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...NO_STORE, ...headers } });
}

function oauthErrorResponse(error: unknown): Response {
  if (error instanceof OAuthError) {
    const headers: Record<string, string> = error.error === "invalid_client" ? { "www-authenticate": 'Basic realm="orbit", charset="UTF-8"' } : {};
    return oauthJson({ error: error.error, error_description: error.description }, error.status, headers);
  }
  const appError = toAppError(error, { log: true });
  if (appError.code === "rate_limit_exceeded") {
    return oauthJson({ error: "temporarily_unavailable", error_description: appError.message }, 429, Object.fromEntries(Object.entries(appError.headers ?? {})));
  }
  if (appError.code === "payload_too_large") return oauthJson({ error: "invalid_request", error_description: appError.message }, 413);
  return oauthJson({ error: "server_error", error_description: "The server could not answer; try again." }, 500);
}

/** The form of a token or revocation request: `application/x-www-form-urlencoded` only (RFC 6749 4.1.3). */
async function readForm(request: Request): Promise<URLSearchParams> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") throw new OAuthError("invalid_request", "send the request as application/x-www-form-urlencoded");
  return new URLSearchParams(await readBodyText(request));
}

/** Runs an OAuth request as a counted attempt: a failure keeps its row against the client address, a success gives it back. */
async function counted<T>(request: Request, run: () => Promise<T>): Promise<T> {
  const db = await getDb();
  const address = clientAddressOf(request.headers);
  const reservation = await reserveAttempt(db, oauthAttempt(address));
  try {
    const result = await run();
    await reservation.release();
    return result;
  } catch (error) {
    if (error instanceof OAuthError) recordFailedAttempt(address);
    else await reservation.release();
    throw error;
  }
}

const requestFacts = (request: Request) => ({ authorization: request.headers.get("authorization"), ip: clientAddressOf(request.headers) ?? null, userAgent: request.headers.get("user-agent") });

/** POST /oauth/token: the authorization code grant (RFC 6749 4.1.3-4.1.4). */
export async function answerTokenRequest(request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    const token = await counted(request, async () => exchangeAuthorizationCode(await getDb(), { ...requestFacts(request), form }));
    return oauthJson(token, 200);
  } catch (error) {
    return oauthErrorResponse(error);
  }
}

/** POST /oauth/revoke (RFC 7009): 200 whatever the token, once the client is authenticated. */
export async function answerRevocationRequest(request: Request): Promise<Response> {
  try {
    const form = await readForm(request);
    await counted(request, async () => revokeToken(await getDb(), { ...requestFacts(request), form }));
    return new Response(null, { status: 200, headers: { ...NO_STORE, "content-length": "0" } });
  } catch (error) {
    return oauthErrorResponse(error);
  }
}

/** GET /.well-known/oauth-authorization-server (RFC 8414), the issuer being the public origin. */
export function answerMetadataRequest(request: Request): Response {
  const issuer = publicOrigin(request.headers, request.url);
  const metadata = {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
    scopes_supported: [...SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    service_documentation: `${issuer}/docs/api#apps-oauth-2-0`,
  };
  return new Response(JSON.stringify(metadata), { status: 200, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" } });
}

const redirect = (location: string, status = 302) => new Response(null, { status, headers: { location, "cache-control": "no-store" } });

/** The consent page for these parameters, which explains what went wrong in the web app's shell. */
function backToConsentPage(origin: string, form: URLSearchParams): Response {
  const url = new URL(OAUTH_PATHS.authorize, origin);
  for (const name of AUTHORIZATION_PARAM_NAMES) {
    const value = form.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  return redirect(url.toString(), 303);
}

/**
 * POST /oauth/authorize: the consent page's Allow or Deny. Checked like the app's other forms, and
 * stricter: the Origin header must be present and this origin's (a browser always sends it on a POST),
 * and the session cookie is SameSite. The request is checked again in full (the form is the
 * browser's, not ours); an error the consent page explains sends the browser back to it (303).
 */
export async function answerConsentDecision(request: Request): Promise<Response> {
  const origin = publicOrigin(request.headers, request.url);
  const sentOrigin = request.headers.get("origin");
  if (!sentOrigin || !isSameOrigin(sentOrigin, request.headers, request.url)) {
    return new Response("Cross-origin request refused.\n", { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  try {
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") throw new AppError("validation_error", "Send the consent form as application/x-www-form-urlencoded.");
    const form = new URLSearchParams(await readBodyText(request));
    const resHeaders = new Headers();
    const ctx = await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "session" });
    if (!ctx.session.data) {
      const back = backToConsentPage(origin, form).headers.get("location")!;
      const next = new URL(back).pathname + new URL(back).search;
      return redirect(`${origin}/login?next=${encodeURIComponent(next)}`, 303);
    }
    return await withSessionActor(ctx, async (actor) => {
      const check = await checkAuthorizationRequest(ctx.db, authorizationParamsOf(form));
      if (check.kind === "error_page") {
        recordFailedAttempt(ctx.clientAddress);
        return backToConsentPage(origin, form);
      }
      if (check.kind === "redirect") return redirect(check.url);
      const decision = form.get("decision");
      if (decision === "deny") return redirect(redirectWith(check.redirectUri, { error: "access_denied", error_description: "the admin denied the request" }, check.state));
      if (decision !== "allow") return backToConsentPage(origin, form);
      if (installerStanding(actor) !== "can_install") return backToConsentPage(origin, form);
      return redirect(await counted(request, () => issueAuthorizationCode(ctx.db, actor, check)));
    });
  } catch (error) {
    const appError = toAppError(error, { log: true });
    if (appError.code === "unauthorized") return redirect(`${origin}/login`, 303);
    const status = appError.code === "rate_limit_exceeded" ? 429 : appError.code === "validation_error" ? 400 : appError.code === "payload_too_large" ? 413 : 500;
    const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...(appError.headers ?? {}) };
    return new Response(`${status === 500 ? "The server could not answer; try again." : appError.message}\n`, { status, headers });
  }
}
