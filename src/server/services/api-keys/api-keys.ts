// API key management for the app's settings: create (shown once), list, revoke.
import type { Db, DbClient } from "@/server/db";
import { generateApiKey, hashApiKey } from "@/server/auth/api-keys";
import { PLAN_API_HOURLY_CEILING, requirePlan } from "@/server/auth/plans";
import { AppError, notFound } from "@/server/errors";
import { apiKeyRecordSelect, serializeApiKey, type ApiKeyRecord, type CreateApiKeyInput, type CreatedApiKey } from "@/server/contract/api-key";
import type { Actor } from "@/server/services/auth/account";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";

export async function listApiKeys(db: DbClient, actor: Actor): Promise<ApiKeyRecord[]> {
  const keys = await db.apiKey.findMany({
    where: { organizationId: actor.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: apiKeyRecordSelect,
  });
  return keys.map(serializeApiKey);
}

/**
 * A new key, shown once. Its hourly limit must fit in what the plan's ceiling leaves beside the
 * organization's other active, unexpired keys (409 on `rateLimitPerHour` otherwise), counted under a
 * lock on the organization row so that concurrent creations cannot pass it together.
 */
/**
 * Refuses (409 on `rateLimitPerHour`) a new key whose hourly limit does not fit in what the plan's
 * ceiling leaves beside the organization's other active, unexpired keys. Takes a lock on the
 * organization row: call it in the transaction that creates the key.
 */
export async function assertKeyFitsPlanCeiling(tx: DbClient, organizationId: string, plan: "free" | "pro", rateLimitPerHour: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`;
  const { _sum } = await tx.apiKey.aggregate({
    where: { organizationId, isActive: true, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    _sum: { rateLimitPerHour: true },
  });
  const ceiling = PLAN_API_HOURLY_CEILING[plan];
  const left = Math.max(0, ceiling - (_sum.rateLimitPerHour ?? 0));
  if (rateLimitPerHour > left) {
    const message = `Allow at most ${left.toLocaleString("en")} requests per hour: the plan allows ${ceiling.toLocaleString("en")} over all of the organization's keys. Revoke a key or lower this one.`;
    throw new AppError("conflict", message, { details: [{ field: "rateLimitPerHour", message }] });
  }
}

export async function createApiKey(
  db: Db,
  actor: Actor & { plan: "free" | "pro" },
  input: CreateApiKeyInput,
  audit: AuditContext,
): Promise<CreatedApiKey> {
  requirePlan(actor.plan, "customIntegrations");
  const key = generateApiKey();
  const created = await db.$transaction(async (tx) => {
    await assertKeyFitsPlanCeiling(tx, actor.organizationId, actor.plan, input.rateLimitPerHour);
    const record = await tx.apiKey.create({
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
    await recordAudit(tx, audit, {
      action: "api_key.created",
      target: { type: "api_key", id: record.id, label: record.name },
      metadata: { scopes: record.scopes, rateLimitPerHour: record.rateLimitPerHour, expiresAt: record.expiresAt?.toISOString() ?? null },
    });
    return record;
  });
  return { ...serializeApiKey(created), key };
}

/**
 * Revocation keeps the record; every later request with the key is 401. An installed app's key: the app
 * is uninstalled. Revoking a revoked key again answers the same and records nothing new.
 */
export async function revokeApiKey(db: Db, actor: Actor, id: string, audit: AuditContext): Promise<{ success: true; id: string }> {
  return db.$transaction(async (tx) => {
    const [revoked] = await tx.apiKey.updateManyAndReturn({
      where: { id, organizationId: actor.organizationId, isActive: true },
      data: { isActive: false, revokedAt: new Date() },
      select: { id: true, name: true },
    });
    if (revoked) {
      const uninstalled = await tx.oAuthInstallation.deleteMany({ where: { apiKeyId: revoked.id, organizationId: actor.organizationId } });
      await recordAudit(tx, audit, { action: "api_key.revoked", target: { type: "api_key", id: revoked.id, label: revoked.name }, metadata: uninstalled.count ? { appUninstalled: true } : {} });
      return { success: true as const, id };
    }
    if (!(await tx.apiKey.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true } }))) throw notFound("API key");
    return { success: true as const, id };
  });
}
