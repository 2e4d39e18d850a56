// The token and revocation endpoints (RFC 6749 4.1.3 / 5, RFC 7009; app-api section 14). The client
// authenticates by HTTP Basic or by client_id + client_secret in the form (one of them, never both). A
// code is redeemed once, in one transaction with the install it makes; a second use is refused and
// revokes the key the first one issued (RFC 6749 4.1.2), which is committed before the refusal.
import type { Db, DbClient } from "@/server/db";
import { API_KEY_PATTERN, hashApiKey } from "@/server/auth/api-keys";
import { planGrants } from "@/server/auth/plans";
import { CLIENT_ID_PATTERN, secretMatches, sha256Hex, verifierMatchesChallenge } from "@/server/auth/oauth-credentials";
import { AppError } from "@/server/errors";
import { keyActor, recordAudit, type AuditContext } from "@/server/services/audit/record";
import { installApp, revokeAppKeys } from "@/server/services/oauth/installations";

/** An error of RFC 6749 5.2 (and 7009 2.2.1): its code, a description for the developer, the status. */
export class OAuthError extends Error {
  constructor(
    readonly error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "unsupported_token_type",
    readonly description: string,
    readonly status = error === "invalid_client" ? 401 : 400,
  ) {
    super(description);
  }
}

/** The client's credentials as presented: from the Authorization header or the form. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** RFC 6749 2.3.1: Basic with the form-urlencoded id and secret; or both in the form. Both ways at once is invalid_request. */
export function clientCredentialsOf(authorization: string | null, form: URLSearchParams): ClientCredentials {
  const inForm = form.has("client_secret");
  if (authorization !== null) {
    if (inForm) throw new OAuthError("invalid_request", "authenticate the client one way: HTTP Basic or the form, not both");
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    if (!match) throw new OAuthError("invalid_client", "client authentication failed");
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "client authentication failed");
    try {
      return { clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")), clientSecret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")) };
    } catch {
      throw new OAuthError("invalid_client", "client authentication failed");
    }
  }
  const clientId = form.get("client_id");
  const clientSecret = form.get("client_secret");
  if (!clientId || !clientSecret) throw new OAuthError("invalid_client", "client authentication failed");
  return { clientId, clientSecret };
}

interface AuthenticatedClient {
  id: string;
  clientId: string;
  name: string;
}

/** The app the credentials name, when its secret matches (compared in constant time); invalid_client otherwise. */
export async function authenticateClient(db: DbClient, credentials: ClientCredentials): Promise<AuthenticatedClient> {
  const app = CLIENT_ID_PATTERN.test(credentials.clientId)
    ? await db.oAuthApp.findUnique({ where: { clientId: credentials.clientId }, select: { id: true, clientId: true, name: true, secretHash: true } })
    : null;
  // A hash is compared even for an unknown client, so that the answer takes as long either way.
  const matches = secretMatches(credentials.clientSecret, app?.secretHash ?? "0".repeat(64));
  if (!app || !matches) throw new OAuthError("invalid_client", "client authentication failed");
  return { id: app.id, clientId: app.clientId, name: app.name };
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  scope: string;
  organization_id: string;
  organization_name: string;
}

const invalidGrant = () => new OAuthError("invalid_grant", "the authorization code is invalid, expired, already used, or was issued to another client or redirect URI, or the code_verifier does not match");

function required(form: URLSearchParams, name: string): string {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError("invalid_request", `${name} is repeated`);
  if (!values[0]) throw new OAuthError("invalid_request", `${name} is required`);
  return values[0];
}

/** The token request: the client is authenticated first, then the grant's parameters, then the code in one transaction. */
export async function exchangeAuthorizationCode(
  db: Db,
  request: { authorization: string | null; form: URLSearchParams; ip: string | null; userAgent: string | null },
): Promise<TokenResponse> {
  const { form } = request;
  const client = await authenticateClient(db, clientCredentialsOf(request.authorization, form));
  const bodyClientId = form.get("client_id");
  if (bodyClientId !== null && bodyClientId !== client.clientId) throw new OAuthError("invalid_client", "client authentication failed");
  const grantType = required(form, "grant_type");
  if (grantType !== "authorization_code") throw new OAuthError("unsupported_grant_type", "only the authorization_code grant is supported");
  const code = required(form, "code");
  const redirectUri = required(form, "redirect_uri");
  const verifier = required(form, "code_verifier");

  const outcome = await db.$transaction(async (tx) => {
    const [found] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "OAuthAuthorizationCode" WHERE "codeHash" = ${sha256Hex(code)} FOR UPDATE`;
    if (!found) return { refused: true as const };
    const grant = await tx.oAuthAuthorizationCode.findUniqueOrThrow({ where: { id: found.id } });
    if (grant.appId !== client.id) return { refused: true as const };
    if (grant.usedAt) {
      // A replay: whoever holds the code may hold the key it issued too.
      if (grant.apiKeyId) await revokeAppKeys(tx, { id: grant.apiKeyId, organizationId: grant.organizationId });
      return { refused: true as const };
    }
    if (grant.expiresAt.getTime() <= Date.now() || grant.redirectUri !== redirectUri || !verifierMatchesChallenge(verifier, grant.codeChallenge)) return { refused: true as const };
    await tx.oAuthAuthorizationCode.update({ where: { id: grant.id }, data: { usedAt: new Date() } });
    // The installer must still be an active admin of an organization whose plan grants custom integrations.
    const installer = await tx.user.findFirst({
      where: { id: grant.userId, organizationId: grant.organizationId, role: "admin", deactivatedAt: null },
      select: { id: true, organization: { select: { id: true, name: true, plan: true } } },
    });
    if (!installer || !planGrants(installer.organization.plan, "customIntegrations")) return { refused: true as const };
    const audit: AuditContext = { organizationId: grant.organizationId, actor: { type: "user", id: installer.id }, ip: request.ip, userAgent: request.userAgent };
    try {
      const installation = await installApp(tx, audit, { app: client, organization: installer.organization, installedById: installer.id, scopes: grant.scopes });
      await tx.oAuthAuthorizationCode.update({ where: { id: grant.id }, data: { apiKeyId: installation.apiKeyId } });
      return { refused: false as const, installation };
    } catch (error) {
      if (error instanceof AppError && error.code === "conflict") {
        throw new OAuthError("invalid_grant", "the organization's plan has no room for another key's hourly limit; an admin must revoke a key first");
      }
      throw error;
    }
  });
  if (outcome.refused) throw invalidGrant();
  const { installation } = outcome;
  return {
    access_token: installation.key,
    token_type: "Bearer",
    scope: installation.scopes.join(" "),
    organization_id: installation.organization.id,
    organization_name: installation.organization.name,
  };
}

/**
 * RFC 7009: the client is authenticated; whatever the token (unknown, another client's, already
 * revoked, not a key at all) the answer is the same 200, and a key issued to this client is revoked.
 */
export async function revokeToken(db: Db, request: { authorization: string | null; form: URLSearchParams; ip: string | null; userAgent: string | null }): Promise<void> {
  const client = await authenticateClient(db, clientCredentialsOf(request.authorization, request.form));
  const token = required(request.form, "token");
  if (!API_KEY_PATTERN.test(token)) return;
  await db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { keyHash: hashApiKey(token), oauthAppId: client.id, isActive: true },
      select: { id: true, organizationId: true, oauthAppId: true, oauthInstallation: { select: { id: true } } },
    });
    if (!key) return;
    await revokeAppKeys(tx, { id: key.id, organizationId: key.organizationId });
    await recordAudit(
      tx,
      { organizationId: key.organizationId, actor: keyActor(key), ip: request.ip, userAgent: request.userAgent },
      { action: "app.uninstalled", target: { type: "installed_app", id: key.oauthInstallation?.id ?? null, label: client.name }, metadata: { clientId: client.clientId, apiKeyId: key.id, by: "revocation" } },
    );
  });
}

