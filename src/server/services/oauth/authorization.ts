// The authorization endpoint's rules (RFC 6749 4.1, RFC 7636; app-api section 14), shared by the
// consent page (GET /oauth/authorize) and the consent decision (its POST): which requests get an error
// page (never a redirect: unknown client, a redirect URI not registered exactly), which are sent back
// with an error (`invalid_request`, `invalid_scope`, `unsupported_response_type`, `access_denied`), and
// the code an admin's Allow issues: single use, ten minutes, bound to the client, the redirect URI and
// the S256 challenge, stored hashed.
import type { DbClient } from "@/server/db";
import type { Plan } from "@/generated/prisma/enums";
import { planGrants } from "@/server/auth/plans";
import { SCOPES } from "@/server/auth/scopes";
import { CLIENT_ID_PATTERN, S256_CHALLENGE_PATTERN, generateAuthorizationCode, sha256Hex } from "@/server/auth/oauth-credentials";

export const AUTHORIZATION_CODE_TTL_MS = 10 * 60_000;
/** Used and expired codes are kept this long (a second use within it revokes the key), then deleted. */
const SPENT_CODE_RETENTION_MS = 24 * 60 * 60_000;

/** The authorization request's parameters, as the query string (or the consent form) has them. */
export interface AuthorizationParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export const AUTHORIZATION_PARAM_NAMES = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"] as const;

export function authorizationParamsOf(source: URLSearchParams): AuthorizationParams {
  const params: AuthorizationParams = {};
  for (const name of AUTHORIZATION_PARAM_NAMES) {
    const value = source.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
}

export interface ConsentApp {
  id: string;
  clientId: string;
  name: string;
  websiteUrl: string | null;
  description: string | null;
  /** The registering organization's name. */
  maker: string;
}

export type AuthorizationCheck =
  /** Shown as an error page: the redirect URI cannot be trusted. */
  | { kind: "error_page"; title: string; message: string }
  /** Sent back to the app's redirect URI. */
  | { kind: "redirect"; url: string }
  | { kind: "valid"; app: ConsentApp; redirectUri: string; scopes: string[]; state: string | undefined; codeChallenge: string };

/** The app's redirect URI with the answer's parameters (and `state` when the request had one). */
export function redirectWith(redirectUri: string, answer: Record<string, string>, state: string | undefined): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set("state", state);
  return url.toString();
}

const MAX_PARAM_LENGTH = 2048;

/** Checks an authorization request in RFC 6749's order: client and redirect URI first (error page), then the rest (redirect). */
export async function checkAuthorizationRequest(db: DbClient, params: AuthorizationParams): Promise<AuthorizationCheck> {
  const clientId = params.client_id;
  if (!clientId || !CLIENT_ID_PATTERN.test(clientId)) {
    return { kind: "error_page", title: "Unknown app", message: "This link does not name an app registered with Orbit. Go back to the app and try again, or tell its maker." };
  }
  const app = await db.oAuthApp.findUnique({
    where: { clientId },
    select: { id: true, clientId: true, name: true, websiteUrl: true, description: true, redirectUris: true, scopes: true, organization: { select: { name: true } } },
  });
  if (!app) {
    return { kind: "error_page", title: "Unknown app", message: "This link does not name an app registered with Orbit. Go back to the app and try again, or tell its maker." };
  }
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !app.redirectUris.includes(redirectUri)) {
    return {
      kind: "error_page",
      title: "Redirect address not registered",
      message: `${app.name} asked Orbit to send you to an address it has not registered, so Orbit will not go there. Tell the app's maker.`,
    };
  }
  const state = params.state;
  const back = (error: string, description: string): AuthorizationCheck => ({ kind: "redirect", url: redirectWith(redirectUri, { error, error_description: description }, state) });
  if (state !== undefined && state.length > MAX_PARAM_LENGTH) return back("invalid_request", "state is too long");
  if (params.response_type !== "code") return back("unsupported_response_type", "response_type must be code");
  if (!params.code_challenge) return back("invalid_request", "code_challenge is required (PKCE)");
  if (params.code_challenge_method !== "S256") return back("invalid_request", "code_challenge_method must be S256");
  if (!S256_CHALLENGE_PATTERN.test(params.code_challenge)) return back("invalid_request", "code_challenge must be 43 base64url characters");
  const requested = [...new Set((params.scope ?? "").split(" ").filter(Boolean))];
  if (requested.length === 0) return back("invalid_scope", "scope is required");
  const unknown = requested.find((scope) => !(SCOPES as readonly string[]).includes(scope) || !app.scopes.includes(scope));
  if (unknown !== undefined) return back("invalid_scope", "a requested scope is not one the app may ask for");
  return {
    kind: "valid",
    app: { id: app.id, clientId: app.clientId, name: app.name, websiteUrl: app.websiteUrl, description: app.description, maker: app.organization.name },
    redirectUri,
    scopes: requested,
    state,
    codeChallenge: params.code_challenge,
  };
}

/** Whether the signed-in user may install apps: an admin, of an organization whose plan grants custom integrations. */
export type InstallerStanding = "can_install" | "not_admin" | "plan_lacks_integrations";

export function installerStanding(user: { role: string; plan: Plan }): InstallerStanding {
  if (user.role !== "admin") return "not_admin";
  if (!planGrants(user.plan, "customIntegrations")) return "plan_lacks_integrations";
  return "can_install";
}

/** Issues a code for an allowed request (the caller has checked the request and the installer). Returns the redirect. */
export async function issueAuthorizationCode(
  db: DbClient,
  installer: { userId: string; organizationId: string },
  request: Extract<AuthorizationCheck, { kind: "valid" }>,
  now = new Date(),
): Promise<string> {
  const code = generateAuthorizationCode();
  await db.oAuthAuthorizationCode.deleteMany({ where: { appId: request.app.id, expiresAt: { lt: new Date(now.getTime() - SPENT_CODE_RETENTION_MS) } } });
  await db.oAuthAuthorizationCode.create({
    data: {
      codeHash: sha256Hex(code),
      appId: request.app.id,
      organizationId: installer.organizationId,
      userId: installer.userId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      codeChallenge: request.codeChallenge,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_MS),
    },
  });
  return redirectWith(request.redirectUri, { code }, request.state);
}
