// OpenID providers on loopback for the single sign-on suites and the browser walk-through.
// `startOidcProvider`: panva's certified oidc-provider with one client; its login and consent are
// completed by the test (the account it signs in, with the claims the test chose), or, with
// `devInteractions`, by a person at the provider's own login and consent pages (the login typed there
// is the email it signs in, verified). `startForgedProvider`: a tiny provider of our own whose ID token
// is a real JWS (jose) over a real JWKS, with the one wrong claim a refusal test needs, which a
// compliant provider would never issue. Nothing here imports the app: the walk-through runs it beside
// a started server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

export interface ProviderClaims {
  email: string;
  email_verified?: boolean;
  name?: string;
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; issuer: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closing = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next login at the provider signs in as. */
  signInAs(claims: ProviderClaims): void;
  close(): Promise<void>;
}

export interface OidcProviderOptions {
  /** Orbit's callback, the one redirect URI the client registers. */
  redirectUri: string;
  /** The provider's own login and consent pages (oidc-provider's devInteractions) instead of the test's. */
  devInteractions?: boolean;
}

export async function startOidcProvider({ redirectUri, devInteractions = false }: OidcProviderOptions): Promise<OidcProvider> {
  const clientId = "orbit";
  const clientSecret = "orbit-client-secret-for-tests";
  const accounts = new Map<string, ProviderClaims>();
  let next: ProviderClaims | undefined;
  // Made once the server's port (the issuer) is known; the handler reads it per request.
  const started: { provider?: Provider } = {};
  const { server, issuer } = await listen(async (req, res) => {
    const provider = started.provider!;
    if (devInteractions || !req.url?.startsWith("/interaction/")) return provider.callback()(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      let result;
      if (details.prompt.name === "login") {
        accounts.set(next!.email, next!);
        result = { login: { accountId: next!.email } };
      } else {
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        result = { consent: { grantId: await grant.save() } };
      }
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  started.provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries the claims the scopes ask for (Orbit reads them from it, not from userinfo).
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub) ?? (devInteractions ? { email: sub, email_verified: true } : undefined);
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    features: { devInteractions: { enabled: devInteractions } },
    ...(devInteractions ? {} : { interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` } }),
    cookies: { keys: ["orbit-tests-cookie-key"] },
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (claims) => {
      next = { email_verified: true, ...claims };
    },
    close: closing(server),
  };
}

export interface ForgedProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next ID token says: the right claims for `nonce`, then `overrides`; `foreignKey` signs it with a key not in the JWKS. */
  issue(token: { nonce: string; claims: ProviderClaims; overrides?: JWTPayload; foreignKey?: boolean }): void;
  close(): Promise<void>;
}

export async function startForgedProvider(): Promise<ForgedProvider> {
  const clientId = "orbit-forged";
  const clientSecret = "forged-secret";
  const published = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  let nextToken: Parameters<ForgedProvider["issue"]>[0] | undefined;
  const { server, issuer } = await listen(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (path === "/.well-known/openid-configuration") {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    }
    if (path === "/jwks") return json({ keys: [jwk] });
    if (path === "/token" && req.method === "POST" && nextToken) {
      const { nonce, claims, overrides = {}, foreignKey } = nextToken;
      const now = Math.floor(Date.now() / 1000);
      const payload = { iss: issuer, aud: clientId, sub: claims.email, iat: now, exp: now + 300, nonce, email_verified: true, ...claims, ...overrides };
      const idToken = await new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "k1" }).sign(foreignKey ? foreign.privateKey : published.privateKey);
      return json({ access_token: "forged-access-token", token_type: "Bearer", expires_in: 300, id_token: idToken });
    }
    res.writeHead(404).end();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    issue: (token) => {
      nextToken = token;
    },
    close: closing(server),
  };
}
