// Public API step 1: authenticate the Bearer API key (401). The key is read from the Authorization
// header only, never from the query string. Every 401 carries the Bearer challenge of RFC 6750.
import { API_KEY_PATTERN, hashApiKey } from "@/server/auth/api-keys";
import { Prisma, type DbClient } from "@/server/db";
import { AppError } from "@/server/errors";
import { getLogger } from "@/server/operations/logger";

const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticatedKey {
  id: string;
  organizationId: string;
  plan: "free" | "pro";
  scopes: string[];
  rateLimitPerHour: number;
  /** The installed app the key was issued to (OAuth), or null for a key made by hand. */
  oauthAppId: string | null;
}

/** A key row joined with its organization's current plan, as `apiKeyLookup` selects it. */
export interface ApiKeyRow {
  id: string;
  organizationId: string;
  scopes: string[];
  rateLimitPerHour: number;
  oauthAppId: string | null;
  isActive: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  plan: "free" | "pro";
}

const REALM = 'Bearer realm="Orbit API"';

/**
 * The 401, with `WWW-Authenticate` (RFC 6750 section 3): no error code when no Bearer token came (the
 * client may not know a key is needed), `invalid_token` when one came and is refused.
 */
function unauthorized(message: string, options: { tokenSent: boolean }): AppError {
  const challenge = options.tokenSent ? `${REALM}, error="invalid_token", error_description="${message.replace(/["\\]/g, "")}"` : REALM;
  return new AppError("unauthorized", message, { headers: { "www-authenticate": challenge } });
}

/**
 * What an Authorization header presents as an API key: the one Bearer parser. Read once per request
 * (at Orbit's server, http/credential.ts, or by createRequestContext) and carried in the context, so
 * the key is hashed once however many steps look at it.
 */
export type PresentedKey =
  | { kind: "key"; hash: string }
  /** A well-formed Bearer token that cannot be an Orbit key. */
  | { kind: "invalid" }
  /** No well-formed Bearer header; `tokenSent` when it still named the Bearer scheme with a token. */
  | { kind: "none"; tokenSent: boolean };

/** The token of an `Authorization: Bearer <token>` header: the one Bearer parser (API keys, the metrics token). */
export const bearerToken = (header: string | null | undefined): string | undefined => header?.match(/^Bearer +(\S+)$/i)?.[1];

export function readPresentedKey(header: string | null | undefined): PresentedKey {
  const token = bearerToken(header);
  if (!token) return { kind: "none", tokenSent: /^Bearer\s+\S/i.test(header ?? "") };
  return API_KEY_PATTERN.test(token) ? { kind: "key", hash: hashApiKey(token) } : { kind: "invalid" };
}

/** The SHA-256 hash of the presented key; 401 when there is none. */
export function presentedKeyHash(key: PresentedKey): string {
  if (key.kind === "key") return key.hash;
  if (key.kind === "invalid") throw unauthorized("Invalid API key.", { tokenSent: true });
  throw unauthorized("Missing or malformed Authorization header; send `Authorization: Bearer <API key>`.", { tokenSent: key.tokenSent });
}

/** The key and its organization's current plan by the hash's unique index (a Prisma include would be two round trips). */
export function apiKeyLookup(keyHash: string): Prisma.Sql {
  return Prisma.sql`SELECT k."id", k."organizationId", k."scopes", k."rateLimitPerHour", k."oauthAppId", k."isActive", k."expiresAt", k."lastUsedAt", o."plan"::text AS "plan"
    FROM "ApiKey" k JOIN "Organization" o ON o."id" = k."organizationId"
    WHERE k."keyHash" = ${keyHash}`;
}

/** The SQL condition under which `usableApiKey` accepts a row of `apiKeyLookup` (same `now`). */
export function apiKeyUsableCondition(now: Date): Prisma.Sql {
  return Prisma.sql`"isActive" AND ("expiresAt" IS NULL OR "expiresAt" > ${now})`;
}

/** The 401 decision for a looked-up row; a usable key's `lastUsedAt` is refreshed at most once a minute, off the response path. */
export function usableApiKey(db: DbClient, key: ApiKeyRow | undefined, now: Date): AuthenticatedKey {
  if (!key || !key.isActive) throw unauthorized("Invalid or revoked API key.", { tokenSent: true });
  if (key.expiresAt && key.expiresAt <= now) throw unauthorized("API key has expired.", { tokenSent: true });
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    void db.apiKey
      .updateMany({ where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }] }, data: { lastUsedAt: now } })
      .catch((error: unknown) => getLogger().warn({ err: error }, "could not record API key use"));
  }
  return { id: key.id, organizationId: key.organizationId, plan: key.plan, scopes: key.scopes, rateLimitPerHour: key.rateLimitPerHour, oauthAppId: key.oauthAppId };
}

/** The active key presented; 401 otherwise. */
export async function findApiKey(db: DbClient, presented: PresentedKey): Promise<AuthenticatedKey> {
  const [key] = await db.$queryRaw<ApiKeyRow[]>(apiKeyLookup(presentedKeyHash(presented)));
  return usableApiKey(db, key, new Date());
}
