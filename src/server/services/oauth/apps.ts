// Developer apps (app-api section 14): an organization registers the apps other organizations install.
// The secret is shown once (create, rotate) and only its SHA-256 is stored; deleting an app revokes
// every key issued to it, in every installing organization, in the same transaction.
import type { Db, DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { generateClientId, generateClientSecret, sha256Hex } from "@/server/auth/oauth-credentials";
import { paginate, type Page } from "@/server/lib/cursor";
import { changedFields, recordAppUninstalledEverywhere, recordAudit, type AuditContext } from "@/server/services/audit/record";
import { revokeAppKeys } from "@/server/services/oauth/installations";
import type { Actor } from "@/server/services/auth/account";
import {
  MAX_OAUTH_APPS,
  oauthAppSelect,
  serializeOAuthApp,
  type CreateOAuthAppInput,
  type OAuthAppView,
  type OAuthAppWithSecret,
  type UpdateOAuthAppInput,
} from "@/server/contract/oauth-app";

const auditTarget = (app: { id: string; name: string }) => ({ type: "oauth_app", id: app.id, label: app.name });

export async function listOAuthApps(db: DbClient, actor: Actor, input: { limit: number; cursor?: string }): Promise<Page<OAuthAppView>> {
  const page = await paginate(
    { kind: "oauth-apps", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ where, orderBy, take }) => db.oAuthApp.findMany({ where: { organizationId: actor.organizationId, ...where }, orderBy, take, select: oauthAppSelect }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeOAuthApp), pagination: page.pagination };
}

export async function createOAuthApp(db: Db, actor: Actor, audit: AuditContext, input: CreateOAuthAppInput): Promise<OAuthAppWithSecret> {
  const clientSecret = generateClientSecret();
  const created = await db.$transaction(async (tx) => {
    // Counted under a lock on the organization row, so concurrent creations cannot pass the bound together.
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${actor.organizationId} FOR UPDATE`;
    const count = await tx.oAuthApp.count({ where: { organizationId: actor.organizationId } });
    if (count >= MAX_OAUTH_APPS) {
      throw new AppError("conflict", `An organization registers at most ${MAX_OAUTH_APPS} apps. Delete one first.`, {
        details: [{ field: "name", message: `at most ${MAX_OAUTH_APPS} apps per organization` }],
      });
    }
    const app = await tx.oAuthApp.create({
      data: {
        organizationId: actor.organizationId,
        name: input.name,
        clientId: generateClientId(),
        secretHash: sha256Hex(clientSecret),
        redirectUris: input.redirectUris,
        scopes: input.scopes,
        websiteUrl: input.websiteUrl ?? null,
        description: input.description ?? null,
      },
      select: oauthAppSelect,
    });
    await recordAudit(tx, audit, {
      action: "oauth_app.created",
      target: auditTarget(app),
      metadata: { clientId: app.clientId, redirectUris: app.redirectUris, scopes: app.scopes },
    });
    return app;
  });
  return { ...serializeOAuthApp(created), clientSecret };
}

/** Changes what the app may ask for from now on; existing installs keep the scopes they were granted. */
export async function updateOAuthApp(db: Db, actor: Actor, audit: AuditContext, input: UpdateOAuthAppInput): Promise<OAuthAppView> {
  const { id, ...changes } = input;
  return db.$transaction(async (tx) => {
    const before = await tx.oAuthApp.findFirst({ where: { id, organizationId: actor.organizationId }, select: oauthAppSelect });
    if (!before) throw notFound("App");
    const data = {
      name: changes.name,
      redirectUris: changes.redirectUris,
      scopes: changes.scopes,
      websiteUrl: changes.websiteUrl,
      description: changes.description,
    };
    const app = await tx.oAuthApp.update({ where: { id: before.id }, data, select: oauthAppSelect });
    const changed = changedFields(
      { name: before.name, redirectUris: before.redirectUris, scopes: before.scopes, websiteUrl: before.websiteUrl, description: before.description },
      data,
    );
    if (Object.keys(changed).length > 0) await recordAudit(tx, audit, { action: "oauth_app.updated", target: auditTarget(app), metadata: { changes: changed } });
    return serializeOAuthApp(app);
  });
}

/** A new secret, shown once; the old one stops at once (its hash is replaced). */
export async function rotateOAuthAppSecret(db: Db, actor: Actor, audit: AuditContext, id: string): Promise<OAuthAppWithSecret> {
  const clientSecret = generateClientSecret();
  const app = await db.$transaction(async (tx) => {
    const { count } = await tx.oAuthApp.updateMany({ where: { id, organizationId: actor.organizationId }, data: { secretHash: sha256Hex(clientSecret) } });
    if (count === 0) throw notFound("App");
    const rotated = await tx.oAuthApp.findFirstOrThrow({ where: { id, organizationId: actor.organizationId }, select: oauthAppSelect });
    await recordAudit(tx, audit, { action: "oauth_app.secret_rotated", target: auditTarget(rotated) });
    return rotated;
  });
  return { ...serializeOAuthApp(app), clientSecret };
}

/** Deletes the app; every key issued to it (in every installing organization) is revoked first. */
export async function deleteOAuthApp(db: Db, actor: Actor, audit: AuditContext, id: string): Promise<{ success: true; id: string }> {
  await db.$transaction(async (tx) => {
    const app = await tx.oAuthApp.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, name: true, clientId: true } });
    if (!app) throw notFound("App");
    await recordAppUninstalledEverywhere(tx, app);
    const revoked = await revokeAppKeys(tx, { oauthAppId: app.id });
    await tx.oAuthApp.delete({ where: { id: app.id } });
    await recordAudit(tx, audit, { action: "oauth_app.deleted", target: auditTarget(app), metadata: { clientId: app.clientId, revokedKeys: revoked } });
  });
  return { success: true, id };
}
