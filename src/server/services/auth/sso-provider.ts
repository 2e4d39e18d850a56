// The organization's OpenID provider through panva's openid-client (certified): discovery, the
// authorization URL (code flow, PKCE S256, state, nonce) and the code exchange, whose ID token the
// library checks (signature from the issuer's JWKS, iss, aud, exp, nonce). Nothing here is hand-rolled.
import * as oidc from "openid-client";
import { getEnv } from "@/env";

/** Seconds a provider's discovery, JWKS or token request may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * HTTPS issuers only; outside production also plain HTTP for a provider on this machine's loopback (a
 * local or test provider). Production refuses loopback: an admin's issuer must not reach the server's own services.
 */
export function isAcceptedIssuer(issuer: string, appEnv = getEnv().appEnv): boolean {
  const url = new URL(issuer);
  return url.protocol === "https:" || (appEnv !== "production" && url.protocol === "http:" && LOOPBACK_HOSTS.test(url.hostname));
}

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider's configuration from its discovery document; throws when discovery fails. */
export async function discoverProvider({ issuer, clientId, clientSecret }: ProviderClient): Promise<oidc.Configuration> {
  // Also asked at sign-in: a connection saved under another environment's rule is not followed.
  if (!isAcceptedIssuer(issuer)) throw new Error("The issuer's address is not accepted here.");
  const execute = [oidc.enableNonRepudiationChecks];
  if (new URL(issuer).protocol === "http:") execute.push(oidc.allowInsecureRequests);
  return oidc.discovery(new URL(issuer), clientId, undefined, oidc.ClientSecretBasic(clientSecret), { execute, timeout: PROVIDER_TIMEOUT_SECONDS });
}

/** What a sign-in keeps between the redirect and the callback (in a sealed, short-lived cookie). */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationRequest(config: oidc.Configuration, redirectUri: string): Promise<{ url: URL; checks: AuthorizationChecks }> {
  const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url, checks };
}

/** The ID token's claims after the library's checks; throws on any failed check. */
export async function exchangeCode(config: oidc.Configuration, callbackUrl: URL, redirectUri: string, checks: AuthorizationChecks): Promise<oidc.IDToken> {
  const tokens = await oidc.authorizationCodeGrant(
    config,
    callbackUrl,
    { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true },
    { redirect_uri: redirectUri },
  );
  const claims = tokens.claims();
  if (!claims) throw new Error("The provider answered without an ID token.");
  return claims;
}
