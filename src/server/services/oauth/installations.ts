// Installed apps (app-api section 14): an installation exists while the key issued to it is active.
// Installing issues an ordinary API key of the installing organization (replacing the app's previous
// one); uninstalling, revoking the key, the app's deletion or a reused code revoke it.
import type { Db, DbClient } from "@/server/db";
import type { Prisma } from "@/generated/prisma/client";
import { notFound } from "@/server/errors";
import { generateApiKey, hashApiKey } from "@/server/auth/api-keys";
import { paginate, type Page } from "@/server/lib/cursor";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import { assertKeyFitsPlanCeiling } from "@/server/services/api-keys/api-keys";
import type { Actor } from "@/server/services/auth/account";
import type { InstalledAppView } from "@/server/contract/oauth-app";

/** An installed app's key's hourly limit: the default of a key made by hand, counted in the plan's ceiling. */
export const APP_KEY_RATE_LIMIT_PER_HOUR = 1000;

export const appKeyName = (appName: string) => `App: ${appName}`;

/**
 * Revokes the active app keys `where` selects and removes their installations; returns how many keys.
 * Only keys issued to an app are touched.
 */
export async function revokeAppKeys(tx: DbClient, where: Prisma.ApiKeyWhereInput): Promise<number> {
  const scoped: Prisma.ApiKeyWhereInput = { ...where, oauthAppId: where.oauthAppId ?? { not: null }, isActive: true };
  await tx.oAuthInstallation.deleteMany({ where: { apiKey: scoped } });
  const { count } = await tx.apiKey.updateMany({ where: scoped, data: { isActive: false, revokedAt: new Date() } });
  return count;
}

export interface Installation {
  apiKeyId: string;
  key: string;
  scopes: string[];
  organization: { id: string; name: string };
}

/**
 * Installs `app` in the organization: its previous key there is revoked, a new key (within the plan's
 * ceiling, 409 otherwise) is issued with the granted scopes, and the installation points at it.
 * Runs in the caller's transaction (the code's redemption).
 */
export async function installApp(
  tx: DbClient,
  audit: AuditContext,
  input: { app: { id: string; name: string; clientId: string }; organization: { id: string; name: string; plan: "free" | "pro" }; installedById: string; scopes: string[] },
): Promise<Installation> {
  const { app, organization } = input;
  const replaced = await revokeAppKeys(tx, { organizationId: organization.id, oauthAppId: app.id });
  await assertKeyFitsPlanCeiling(tx, organization.id, organization.plan, APP_KEY_RATE_LIMIT_PER_HOUR);
  const key = generateApiKey();
  const apiKey = await tx.apiKey.create({
    data: {
      organizationId: organization.id,
      createdById: input.installedById,
      name: appKeyName(app.name),
      keyHash: hashApiKey(key),
      scopes: input.scopes,
      rateLimitPerHour: APP_KEY_RATE_LIMIT_PER_HOUR,
      oauthAppId: app.id,
    },
    select: { id: true },
  });
  const installation = await tx.oAuthInstallation.create({
    data: { appId: app.id, organizationId: organization.id, installedById: input.installedById, apiKeyId: apiKey.id, scopes: input.scopes },
    select: { id: true },
  });
  await recordAudit(tx, audit, {
    action: "app.installed",
    target: { type: "installed_app", id: installation.id, label: app.name },
    metadata: { clientId: app.clientId, scopes: input.scopes, apiKeyId: apiKey.id, replacedPrevious: replaced > 0 },
  });
  return { apiKeyId: apiKey.id, key, scopes: input.scopes, organization: { id: organization.id, name: organization.name } };
}

export async function listInstalledApps(db: DbClient, actor: Actor, input: { limit: number; cursor?: string }): Promise<Page<InstalledAppView>> {
  const page = await paginate(
    { kind: "installed-apps", sortField: "installedAt", limit: input.limit, cursor: input.cursor },
    ({ where, orderBy, take }) =>
      db.oAuthInstallation.findMany({
        where: { organizationId: actor.organizationId, ...where },
        orderBy,
        take,
        select: {
          id: true,
          scopes: true,
          installedAt: true,
          app: { select: { name: true, clientId: true, websiteUrl: true } },
          installedBy: { select: { name: true } },
          apiKey: { select: { lastUsedAt: true } },
        },
      }),
    (row) => row.installedAt,
  );
  return {
    items: page.items.map((row) => ({
      id: row.id,
      appName: row.app.name,
      clientId: row.app.clientId,
      websiteUrl: row.app.websiteUrl,
      scopes: row.scopes,
      installedBy: row.installedBy ? { name: row.installedBy.name } : null,
      installedAt: row.installedAt.toISOString(),
      lastUsedAt: row.apiKey.lastUsedAt?.toISOString() ?? null,
    })),
    pagination: page.pagination,
  };
}

/** Uninstalls: the app's key in the caller's organization is revoked at once. */
export async function uninstallApp(db: Db, actor: Actor, audit: AuditContext, id: string): Promise<{ success: true; id: string }> {
  await db.$transaction(async (tx) => {
    const installation = await tx.oAuthInstallation.findFirst({
      where: { id, organizationId: actor.organizationId },
      select: { id: true, apiKeyId: true, app: { select: { name: true, clientId: true } } },
    });
    if (!installation) throw notFound("Installed app");
    await revokeAppKeys(tx, { id: installation.apiKeyId, organizationId: actor.organizationId });
    await recordAudit(tx, audit, {
      action: "app.uninstalled",
      target: { type: "installed_app", id: installation.id, label: installation.app.name },
      metadata: { clientId: installation.app.clientId, apiKeyId: installation.apiKeyId },
    });
  });
  return { success: true, id };
}
