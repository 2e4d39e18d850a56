// Public API step 1: authenticate the Bearer API key (401). The key is read from the Authorization
// header only, never from the query string.
import { middleware } from "@/server/api/trpc";
import { API_KEY_PATTERN, hashApiKey } from "@/server/auth/api-keys";
import { AppError } from "@/server/errors";
import type { PrismaClient } from "@/generated/prisma/client";

const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticatedKey {
  id: string;
  organizationId: string;
  plan: "free" | "pro";
  scopes: string[];
  rateLimitPerHour: number;
}

const unauthorized = (message: string) => new AppError("unauthorized", message);

/** The active key a Bearer Authorization header names; 401 otherwise. */
export async function findApiKey(db: PrismaClient, header: string | null): Promise<AuthenticatedKey> {
  const match = header?.match(/^Bearer +(\S+)$/i);
  if (!match) throw unauthorized("Missing or malformed Authorization header; send `Authorization: Bearer <API key>`.");
  const token = match[1]!;
  if (!API_KEY_PATTERN.test(token)) throw unauthorized("Invalid API key.");
  // One round trip: the key and its organization's current plan (a Prisma include would be two).
  const [key] = await db.$queryRaw<
    Array<{ id: string; organizationId: string; scopes: string[]; rateLimitPerHour: number; isActive: boolean; expiresAt: Date | null; lastUsedAt: Date | null; plan: "free" | "pro" }>
  >`SELECT k."id", k."organizationId", k."scopes", k."rateLimitPerHour", k."isActive", k."expiresAt", k."lastUsedAt", o."plan"::text AS "plan"
    FROM "ApiKey" k JOIN "Organization" o ON o."id" = k."organizationId"
    WHERE k."keyHash" = ${hashApiKey(token)}`;
  const now = new Date();
  if (!key || !key.isActive) throw unauthorized("Invalid or revoked API key.");
  if (key.expiresAt && key.expiresAt <= now) throw unauthorized("API key has expired.");
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // At most one write a minute per key; the response does not wait for it.
    void db.apiKey
      .updateMany({ where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USED_RESOLUTION_MS) } }] }, data: { lastUsedAt: now } })
      .catch((error: unknown) => console.warn("[orbit] could not record API key use:", (error as Error).message));
  }
  return {
    id: key.id,
    organizationId: key.organizationId,
    plan: key.plan,
    scopes: key.scopes,
    rateLimitPerHour: key.rateLimitPerHour,
  };
}

/** The /api/v1 edge may have checked the key already (before reading the body); then it is reused. */
export const authenticateApiKey = middleware(async ({ ctx, next }) =>
  next({ ctx: { apiKey: ctx.apiKey ?? (await findApiKey(ctx.db, ctx.headers.get("authorization"))) } }),
);
