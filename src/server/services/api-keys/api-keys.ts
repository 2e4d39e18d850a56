// API key management for the app's settings: create (shown once), list, revoke.
import type { DbClient } from "@/server/db";
import { generateApiKey, hashApiKey } from "@/server/auth/api-keys";
import { requirePlan } from "@/server/auth/plans";
import { notFound } from "@/server/errors";
import { apiKeyRecordSelect, serializeApiKey, type ApiKeyRecord, type CreateApiKeyInput, type CreatedApiKey } from "@/server/contract/api-key";
import type { Actor } from "@/server/services/auth/account";

export async function listApiKeys(db: DbClient, actor: Actor): Promise<ApiKeyRecord[]> {
  const keys = await db.apiKey.findMany({
    where: { organizationId: actor.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: apiKeyRecordSelect,
  });
  return keys.map(serializeApiKey);
}

export async function createApiKey(
  db: DbClient,
  actor: Actor & { plan: "free" | "pro" },
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  requirePlan(actor.plan, "customIntegrations");
  const key = generateApiKey();
  const created = await db.apiKey.create({
    data: {
      organizationId: actor.organizationId,
      createdById: actor.userId,
      name: input.name,
      keyHash: hashApiKey(key),
      scopes: [...new Set(input.scopes)],
      rateLimitPerHour: input.rateLimitPerHour,
      expiresAt: input.expiresAt ?? null,
    },
    select: apiKeyRecordSelect,
  });
  return { ...serializeApiKey(created), key };
}

/** Revocation keeps the record; every later request with the key is 401. */
export async function revokeApiKey(db: DbClient, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  const { count } = await db.apiKey.updateMany({
    where: { id, organizationId: actor.organizationId },
    data: { isActive: false, revokedAt: new Date() },
  });
  if (count === 0) throw notFound("API key");
  return { success: true, id };
}
