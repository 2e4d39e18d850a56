// The organization's single sign-on settings (app-api section 15): read and replaced by admins of a
// plan that includes SSO (services/organization/security.ts writes them beside two-factor). The issuer is checked by running discovery before anything is written; an
// email domain belongs to one organization (its key), so a taken domain is a 409 on `emailDomains`.
import { getEnv } from "@/env";
import type { DbClient } from "@/server/db";
import { AppError, validationError } from "@/server/errors";
import type { OrganizationSecurityView, SsoSettingsInput } from "@/server/contract/organization-security";
import { isUniqueViolation, type Actor } from "@/server/services/auth/account";
import { openSecret, sealSecret } from "@/server/auth/secret-box";
import { discoverProvider, isAcceptedIssuer } from "@/server/services/auth/sso-provider";

/** The purpose the provider's client secret is sealed for at rest (auth/secret-box.ts). */
export const SSO_CLIENT_SECRET = "sso-client-secret";

/** The redirect URI to register at the provider, for an origin. */
export const ssoRedirectUri = (origin: string) => `${origin}/api/app/auth/sso/callback`;

const domainTaken = () =>
  new AppError("conflict", "One of these email domains already signs in through another organization.", {
    details: [{ field: "emailDomains", message: "a domain here already belongs to another organization" }],
  });

export async function getSsoSettings(db: DbClient, actor: Actor, origin: string): Promise<Pick<OrganizationSecurityView, "sso">> {
  const [connection, domains] = await Promise.all([
    db.ssoConnection.findUnique({ where: { organizationId: actor.organizationId }, select: { issuer: true, clientId: true, enforce: true } }),
    db.ssoEmailDomain.findMany({ where: { organizationId: actor.organizationId }, select: { domain: true }, orderBy: { domain: "asc" } }),
  ]);
  if (!connection) return { sso: null };
  return {
    sso: { ...connection, clientSecretSet: true, emailDomains: domains.map(({ domain }) => domain), redirectUri: ssoRedirectUri(origin) },
  };
}

/**
 * Checks an SSO change (null turns SSO off) before anything is written: the issuer answers discovery,
 * a secret is at hand, no domain is another organization's. Answers the write, for the caller's
 * transaction, which gives the names of the fields it changed.
 */
export async function prepareSsoChange(db: DbClient, actor: Actor, sso: SsoSettingsInput | null): Promise<(tx: DbClient) => Promise<string[]>> {
  const existing = await db.ssoConnection.findUnique({ where: { organizationId: actor.organizationId } });
  const existingDomains = (await db.ssoEmailDomain.findMany({ where: { organizationId: actor.organizationId }, select: { domain: true }, orderBy: { domain: "asc" } })).map(({ domain }) => domain);
  if (sso) {
    if (!isAcceptedIssuer(sso.issuer)) throw validationError("sso.issuer", getEnv().appEnv === "production" ? "must be an https:// URL" : "must be an https:// URL (or http:// on this machine's loopback, outside production)");
    const clientSecret = sso.clientSecret ?? (existing ? storedSecret(existing.clientSecretEncrypted) : undefined);
    if (clientSecret === undefined) throw validationError("sso.clientSecret", "is required when setting up single sign-on (or after SESSION_SECRET changed)");
    const taken = await db.ssoEmailDomain.findFirst({ where: { domain: { in: sso.emailDomains }, organizationId: { not: actor.organizationId } }, select: { domain: true } });
    if (taken) throw domainTaken();
    try {
      await discoverProvider({ issuer: sso.issuer, clientId: sso.clientId, clientSecret });
    } catch {
      throw validationError("sso.issuer", "could not be reached as an OpenID Connect provider (its /.well-known/openid-configuration failed or names another issuer)");
    }
  }
  const before = existing ? { issuer: existing.issuer, clientId: existing.clientId, emailDomains: existingDomains, enforce: existing.enforce } : null;
  const after = sso ? { issuer: sso.issuer, clientId: sso.clientId, emailDomains: [...sso.emailDomains].sort(), enforce: sso.enforce } : null;
  const changed = changedSsoFields(before, after, sso?.clientSecret !== undefined);
  return async (tx) => {
    await tx.ssoEmailDomain.deleteMany({ where: { organizationId: actor.organizationId } });
    if (!sso) {
      await tx.ssoConnection.deleteMany({ where: { organizationId: actor.organizationId } });
    } else {
      const data = {
        issuer: sso.issuer,
        clientId: sso.clientId,
        enforce: sso.enforce,
        clientSecretEncrypted: sso.clientSecret !== undefined ? sealSecret(SSO_CLIENT_SECRET, sso.clientSecret) : existing!.clientSecretEncrypted,
      };
      await tx.ssoConnection.upsert({ where: { organizationId: actor.organizationId }, create: { organizationId: actor.organizationId, ...data }, update: data });
      await tx.ssoEmailDomain.createMany({ data: sso.emailDomains.map((domain) => ({ domain, organizationId: actor.organizationId })) });
    }
    return changed;
  };
}

/** Runs a transaction that writes an SSO change: a domain taken meanwhile by another organization is the 409. */
export async function writeSsoChange(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
}

/** The stored secret, or undefined when it was sealed under an earlier SESSION_SECRET. */
function storedSecret(encrypted: string): string | undefined {
  try {
    return openSecret(SSO_CLIENT_SECRET, encrypted);
  } catch {
    return undefined;
  }
}

/** The SSO fields a change touches, by name (the secret only as "clientSecret", never its value). */
function changedSsoFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null, secretGiven: boolean): string[] {
  if (!before && !after) return [];
  const fields = ["issuer", "clientId", "emailDomains", "enforce"].filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]));
  if (secretGiven || (before && !after)) fields.push("clientSecret");
  return fields;
}
