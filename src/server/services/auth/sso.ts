// Single sign-on with OpenID Connect (app-api section 15). The start finds the organization by the
// email's domain and sends the browser to its provider; what the callback needs to check (state,
// nonce, PKCE verifier) travels in a sealed cookie that lives ten minutes, and the state's hash is
// kept until the callback consumes it, so a replayed callback finds nothing. The callback lets
// openid-client check the ID token, then checks what is Orbit's to check: a verified email, of one
// of the organization's domains, of a user of that organization (or none yet: a new member).
// Anything wrong is an SsoRefusal whose reason the login page words for people.
import { createHash, randomBytes } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { getEnv } from "@/env";
import type { Db, DbClient } from "@/server/db";
import { AppError } from "@/server/errors";
import { serializeAccount } from "@/server/contract/account";
import { hashPassword } from "@/server/auth/passwords";
import { planGrants } from "@/server/auth/plans";
import { isUniqueViolation, normalizeEmail, type SignedInAccount } from "@/server/services/auth/account";
import { reserveAttempt, ssoAttempt } from "@/server/services/auth/throttle";
import { openSecret } from "@/server/auth/secret-box";
import { authorizationRequest, discoverProvider, exchangeCode, type AuthorizationChecks } from "@/server/services/auth/sso-provider";
import { SSO_CLIENT_SECRET, ssoRedirectUri } from "@/server/services/auth/sso-settings";

/** Why a sign-in was refused; the login page has a sentence for each (`?sso=<reason>`). */
export type SsoRefusalReason =
  | "invalid_email"
  | "no_organization"
  | "expired"
  | "provider_refused"
  | "unverified_email"
  | "wrong_domain"
  | "other_organization"
  | "deactivated"
  | "failed"
  | "too_many";

export class SsoRefusal extends Error {
  /** `user`: the existing user refused (a deactivated one), whose refusal the audit log records. */
  constructor(
    readonly reason: SsoRefusalReason,
    readonly user?: { id: string; email: string; organizationId: string },
  ) {
    super(`Single sign-on refused: ${reason}`);
  }
}

export const SSO_COOKIE = "tt_sso";
const SSO_COOKIE_PATH = "/api/app/auth/sso";
/** How long a sign-in may stay at the provider. */
const SSO_LOGIN_TTL_SECONDS = 10 * 60;
/** Expired sign-ins each start deletes at most, so abandoned ones never pile up. */
const EXPIRED_LOGINS_PER_START = 16;

interface PendingLogin extends AuthorizationChecks {
  organizationId: string;
}

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** The Set-Cookie value of the pending sign-in (or of its removal, with no value). */
function pendingCookie(value: string, maxAge: number): string {
  const secure = getEnv().appEnv === "production" ? "; Secure" : "";
  return `${SSO_COOKIE}=${value}; Path=${SSO_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}
export const clearedPendingCookie = () => pendingCookie("", 0);

/** Counts the request against its address; past the limit the browser is told to wait. */
async function countRequest(db: Db, address: string | undefined): Promise<void> {
  if (!address) return;
  try {
    await reserveAttempt(db, ssoAttempt(address));
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limit_exceeded") throw new SsoRefusal("too_many");
    throw error;
  }
}

/** The organization whose SSO signs in this email's domain, with its provider (and a plan that includes SSO). */
async function connectionForDomain(db: DbClient, domain: string) {
  const row = await db.ssoEmailDomain.findUnique({
    where: { domain },
    select: { organization: { select: { id: true, plan: true, ssoConnection: true } } },
  });
  const organization = row?.organization;
  if (!organization?.ssoConnection || !planGrants(organization.plan, "sso")) return undefined;
  return organization.ssoConnection;
}

async function providerOf(connection: { issuer: string; clientId: string; clientSecretEncrypted: string }) {
  try {
    return await discoverProvider({ issuer: connection.issuer, clientId: connection.clientId, clientSecret: openSecret(SSO_CLIENT_SECRET, connection.clientSecretEncrypted) });
  } catch {
    throw new SsoRefusal("failed");
  }
}

/** GET /auth/sso/start: the provider's authorization URL, and the sealed cookie that the callback needs. */
export async function startSsoLogin(db: Db, rawEmail: string, client: { origin: string; address?: string }): Promise<{ location: string; setCookie: string }> {
  await countRequest(db, client.address);
  const connection = await connectionForDomain(db, domainOf(normalizeEmail(rawEmail)));
  if (!connection) throw new SsoRefusal("no_organization");
  const config = await providerOf(connection);
  const { url, checks } = await authorizationRequest(config, ssoRedirectUri(client.origin));
  const pending: PendingLogin = { ...checks, organizationId: connection.organizationId };
  const now = Date.now();
  await db.$transaction([
    db.$executeRaw`DELETE FROM "SsoLogin" WHERE "stateHash" IN (SELECT "stateHash" FROM "SsoLogin" WHERE "expiresAt" <= ${new Date(now)} ORDER BY "expiresAt" LIMIT ${EXPIRED_LOGINS_PER_START}::int FOR UPDATE SKIP LOCKED)`,
    db.ssoLogin.create({ data: { stateHash: hashState(checks.state), organizationId: connection.organizationId, expiresAt: new Date(now + SSO_LOGIN_TTL_SECONDS * 1000) } }),
  ]);
  const sealed = await sealData(pending, { password: getEnv().sessionSecret, ttl: SSO_LOGIN_TTL_SECONDS });
  return { location: url.href, setCookie: pendingCookie(sealed, SSO_LOGIN_TTL_SECONDS) };
}

async function readPendingLogin(sealed: string | undefined): Promise<PendingLogin> {
  if (!sealed) throw new SsoRefusal("expired");
  try {
    const data = await unsealData<Partial<PendingLogin>>(decodeURIComponent(sealed), { password: getEnv().sessionSecret, ttl: SSO_LOGIN_TTL_SECONDS });
    if (typeof data.state === "string" && typeof data.nonce === "string" && typeof data.codeVerifier === "string" && typeof data.organizationId === "string") {
      return data as PendingLogin;
    }
  } catch {
    // A forged or expired seal is no pending sign-in.
  }
  throw new SsoRefusal("expired");
}

export interface SsoCallback {
  /** The full callback URL the provider sent the browser to (its query is the library's to read). */
  url: URL;
  /** The `tt_sso` cookie's value. */
  pendingCookie: string | undefined;
  origin: string;
  address?: string;
  userAgent?: string | null;
}

/**
 * GET /auth/sso/callback: the signed-in (or new) user, or an SsoRefusal. The login itself is recorded
 * (`auth.login_succeeded`, method `sso`) with the session the caller starts for it.
 */
export async function finishSsoLogin(db: Db, callback: SsoCallback): Promise<SignedInAccount & { memberCreated: boolean }> {
  await countRequest(db, callback.address);
  const pending = await readPendingLogin(callback.pendingCookie);
  if (callback.url.searchParams.get("state") !== pending.state) throw new SsoRefusal("expired");
  // Consumed once: a replay of this callback (the same state and nonce) finds no row.
  const consumed = await db.ssoLogin.deleteMany({ where: { stateHash: hashState(pending.state), organizationId: pending.organizationId, expiresAt: { gt: new Date() } } });
  if (consumed.count !== 1) throw new SsoRefusal("expired");
  if (callback.url.searchParams.has("error")) throw new SsoRefusal("provider_refused");

  const connection = await db.ssoConnection.findUnique({ where: { organizationId: pending.organizationId }, include: { organization: { select: { plan: true } } } });
  if (!connection || !planGrants(connection.organization.plan, "sso")) throw new SsoRefusal("failed");
  const config = await providerOf(connection);
  const redirectUri = ssoRedirectUri(callback.origin);
  const claims = await exchangeCode(config, new URL(`${redirectUri}${callback.url.search}`), redirectUri, pending).catch(() => {
    throw new SsoRefusal("failed");
  });

  if (claims.email_verified !== true || typeof claims.email !== "string") throw new SsoRefusal("unverified_email");
  const email = normalizeEmail(claims.email);
  const domain = await db.ssoEmailDomain.findFirst({ where: { domain: domainOf(email), organizationId: pending.organizationId }, select: { domain: true } });
  if (!domain) throw new SsoRefusal("wrong_domain");

  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 200) : email.slice(0, email.indexOf("@"));
  const existing = await db.user.findUnique({ where: { email }, include: { organization: true } });
  if (existing) {
    if (existing.organizationId !== pending.organizationId) throw new SsoRefusal("other_organization");
    if (existing.deactivatedAt) throw new SsoRefusal("deactivated", existing);
    return { ...serializeAccount(existing), memberCreated: false };
  }
  // No usable password: the hash of random bytes nobody holds, so password login behaves (and takes) as for anyone else.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    const user = await db.user.create({ data: { organizationId: pending.organizationId, email, name, passwordHash, role: "member" }, include: { organization: true } });
    return { ...serializeAccount(user), memberCreated: true };
  } catch (error) {
    // Someone with this email was created meanwhile (in another organization, or by an invitation).
    if (isUniqueViolation(error)) throw new SsoRefusal("other_organization");
    throw error;
  }
}

/**
 * Enforced SSO: a member (not an admin) whose email's domain is one of their own organization's SSO
 * domains, with enforce on, may not sign in with a password: the 403 to answer, else undefined. Asked
 * only after the password was right.
 */
export async function ssoEnforcedRefusal(db: DbClient, user: { email: string; role: string; organizationId: string }): Promise<AppError | undefined> {
  if (user.role === "admin") return undefined;
  const enforced = await db.ssoEmailDomain.findFirst({
    where: { domain: domainOf(user.email), organizationId: user.organizationId, organization: { ssoConnection: { enforce: true } } },
    select: { domain: true },
  });
  if (!enforced) return undefined;
  return new AppError("forbidden", "Your organization signs you in with single sign-on: use Sign in with SSO.", {
    details: [{ field: "email", message: "signs in with single sign-on; use Sign in with SSO" }],
  });
}
