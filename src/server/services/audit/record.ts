// Writing the audit log (app-api section 15): one entry per security-relevant change, inside the
// transaction that makes the change, so a change is never without its entry nor an entry without its
// change. The actor's name is copied in the same statement (a user's or key's name as it is now), so
// a later rename or deletion does not rewrite history. Entries are never edited: the table's trigger
// refuses it (migration `audit_log`).
import { Prisma, type DbClient } from "@/server/db";
import { newId, newIdsInSql } from "@/server/lib/ids";
import type { AuditAction } from "@/server/services/audit/actions";

/** Who did it: a signed-in user, an API key, an installed app (the OAuth app's id, for its key's acts), or Orbit itself. */
export type AuditActor =
  | { type: "user"; id: string }
  | { type: "api_key"; id: string }
  | { type: "app"; id: string }
  | { type: "system"; name?: string };

/** Who an entry names for an API key's act: the installed app the key was issued to (OAuth), or the key itself. */
export const keyActor = (apiKey: { id: string; oauthAppId: string | null }): AuditActor =>
  apiKey.oauthAppId ? { type: "app", id: apiKey.oauthAppId } : { type: "api_key", id: apiKey.id };

/** Who did it, for which organization, and from where: built once per request by `auditContextOf`. */
export interface AuditContext {
  organizationId: string;
  actor: AuditActor;
  ip?: string | null;
  userAgent?: string | null;
}

/** What was changed: its kind, id and a label people recognise (a name or email), and the changed fields. */
export interface AuditEntry {
  action: AuditAction;
  target: { type: string; id?: string | null; label?: string | null };
  metadata?: Record<string, unknown>;
}

const USER_AGENT_LIMIT = 512;

function actorNameSql(actor: AuditActor): Prisma.Sql {
  switch (actor.type) {
    case "user":
      return Prisma.sql`COALESCE((SELECT "name" FROM "User" WHERE "id" = ${actor.id}), 'Deleted user')`;
    case "api_key":
      return Prisma.sql`COALESCE((SELECT "name" FROM "ApiKey" WHERE "id" = ${actor.id}), 'Deleted key')`;
    case "app":
      return Prisma.sql`COALESCE((SELECT "name" FROM "OAuthApp" WHERE "id" = ${actor.id}), 'Deleted app')`;
    case "system":
      return Prisma.sql`${actor.name ?? "Orbit"}`;
  }
}

/** Appends one entry; call it with the transaction client of the change it records. */
export async function recordAudit(tx: DbClient, context: AuditContext, entry: AuditEntry): Promise<void> {
  const actorId = context.actor.type === "system" ? null : context.actor.id;
  const userAgent = context.userAgent ? context.userAgent.slice(0, USER_AGENT_LIMIT) : null;
  await tx.$executeRaw`
    INSERT INTO "AuditEvent" ("id", "organizationId", "action", "actorType", "actorId", "actorName",
      "targetType", "targetId", "targetLabel", "ip", "userAgent", "metadata")
    VALUES (${newId("aud")}, ${context.organizationId}, ${entry.action}, ${context.actor.type}::"AuditActorType", ${actorId},
      ${actorNameSql(context.actor)}, ${entry.target.type}, ${entry.target.id ?? null}, ${entry.target.label ?? null},
      ${context.ip ?? null}, ${userAgent}, ${JSON.stringify(entry.metadata ?? {})}::jsonb)`;
}

/**
 * The changed fields of an update, for an entry's metadata: `{ field: { from, to } }` for each field of
 * `after` whose value differs from `before`. Secrets never belong in either (callers pass safe fields).
 */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = { from: before[field] ?? null, to: value };
  }
  return changes;
}

/**
 * `app.uninstalled` in every organization that had installed `appId`, for an app its maker deleted: one
 * statement however many installed it, actor `system` (the maker's organization is not theirs to name).
 * Call it before the installations go.
 */
export async function recordAppUninstalledEverywhere(tx: DbClient, app: { id: string; name: string; clientId: string }): Promise<void> {
  const [{ count }] = await tx.$queryRaw<[{ count: number }]>`SELECT count(*)::int AS "count" FROM "OAuthInstallation" WHERE "appId" = ${app.id}`;
  if (count === 0) return;
  const idAt = newIdsInSql("aud", count);
  await tx.$executeRaw`
    INSERT INTO "AuditEvent" ("id", "organizationId", "action", "actorType", "actorName", "targetType", "targetId", "targetLabel", "metadata")
    SELECT ${idAt(Prisma.sql`(row_number() OVER (ORDER BY i."id") - 1)`)}, i."organizationId", 'app.uninstalled', 'system', 'Orbit', 'installed_app', i."id", ${app.name},
      jsonb_build_object('clientId', ${app.clientId}::text, 'apiKeyId', i."apiKeyId", 'reason', 'app_deleted')
    FROM "OAuthInstallation" i WHERE i."appId" = ${app.id}`;
}
