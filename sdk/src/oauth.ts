// An app's side of Orbit's OAuth 2.0 authorization code flow with PKCE (S256): `authorizeUrl` makes the
// verifier, its challenge and a state and the URL to send the person to; `exchangeCode` trades the code
// the redirect brings for the installing organization's API key.
import { createHash, randomBytes } from "node:crypto";
import { OrbitOAuthError } from "./errors.js";

export interface AuthorizeUrlOptions {
  /** The Orbit server's origin. */
  baseUrl: string;
  clientId: string;
  /** Registered on the app exactly as sent here. */
  redirectUri: string;
  /** A subset of the app's scopes. */
  scopes: readonly string[];
  /** Made for you when absent (32 random bytes); compare it with the redirect's `state`. */
  state?: string;
}

export interface AuthorizeRequest {
  url: string;
  state: string;
  /** Keep it with the person's session until the code comes back; `exchangeCode` needs it. */
  codeVerifier: string;
}

const randomToken = () => randomBytes(32).toString("base64url");

/** RFC 7636: the S256 challenge of a verifier. */
export const codeChallengeOf = (codeVerifier: string) => createHash("sha256").update(codeVerifier).digest("base64url");

export function authorizeUrl(options: AuthorizeUrlOptions): AuthorizeRequest {
  const codeVerifier = randomToken();
  const state = options.state ?? randomToken();
  const url = new URL("/oauth/authorize", new URL(options.baseUrl).origin);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: options.scopes.join(" "),
    state,
    code_challenge: codeChallengeOf(codeVerifier),
    code_challenge_method: "S256",
  }).toString();
  return { url: url.toString(), state, codeVerifier };
}

export interface ExchangeCodeOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
  /** How the client authenticates (default `client_secret_basic`, HTTP Basic). */
  authMethod?: "client_secret_basic" | "client_secret_post";
  fetch?: typeof fetch;
}

/** `/oauth/token`'s answer: `access_token` is an API key (`sk_…`) of the installing organization. */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  /** The granted scopes, space-separated. */
  scope: string;
  organization_id: string;
  organization_name: string;
}

/** RFC 6749 2.3.1: each part form-encoded before the Basic credentials are made. */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

export async function exchangeCode(options: ExchangeCodeOptions): Promise<TokenResponse> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code: options.code, redirect_uri: options.redirectUri, code_verifier: options.codeVerifier });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  if (options.authMethod === "client_secret_post") {
    form.set("client_id", options.clientId);
    form.set("client_secret", options.clientSecret);
  } else {
    headers.Authorization = `Basic ${Buffer.from(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`).toString("base64")}`;
  }
  const response = await (options.fetch ?? globalThis.fetch)(new URL("/oauth/token", new URL(options.baseUrl).origin), { method: "POST", headers, body: form.toString() });
  const body = (await response.json().catch(() => ({}))) as Partial<TokenResponse> & { error?: string; error_description?: string };
  if (!response.ok || !body.access_token) throw new OrbitOAuthError({ error: body.error ?? "invalid_response", errorDescription: body.error_description, status: response.status });
  return body as TokenResponse;
}
