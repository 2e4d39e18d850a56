// Sessions as records (app-api section 15): the session cookie names a row, and a session signs its
// person in only while that row is neither revoked nor past SESSION_TTL_MS. Logout, a password change,
// deactivation, two-factor changes and Sign out revoke rows, so the cookie stops working at its next request.
import { getLogger } from "@/server/operations/logger";
import { randomBytes } from "node:crypto";
import type { Db, DbClient } from "@/server/db";
import { SESSION_TTL_MS } from "@/lib/limits";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import type { ListSessionsInput, SessionView } from "@/server/contract/session";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import type { Actor } from "@/server/services/auth/account";

/** lastSeenAt moves at most this often, so a busy session does not write on every request. */
export const LAST_SEEN_GRANULARITY_MS = 60_000;

/** Where a session signs in from, as the request tells. */
export interface SessionClient {
  userAgent?: string | null;
  ip?: string | null;
}

const USER_AGENT_LIMIT = 512;

const liveSince = (now: number) => new Date(now - SESSION_TTL_MS);

/** Creates the session record of a sign-in; its id is what the cookie names. */
export async function createSessionRecord(db: DbClient, user: { id: string; organizationId: string }, client: SessionClient): Promise<string> {
  const id = `ses_${randomBytes(18).toString("base64url")}`;
  await db.session.create({
    data: { id, userId: user.id, organizationId: user.organizationId, userAgent: client.userAgent?.slice(0, USER_AGENT_LIMIT) ?? null, ip: client.ip ?? null },
  });
  return id;
}

/**
 * The signed-in user a session names, in one query (session and user together), or null when the
 * session is revoked, expired, or its user deactivated. Moves lastSeenAt, off the response path, when it is a minute old.
 */
export async function readLiveSession(db: DbClient, sessionId: string, userId: string, now = Date.now()) {
  const session = await db.session.findFirst({
    where: { id: sessionId, userId, revokedAt: null, createdAt: { gt: liveSince(now) }, user: { deactivatedAt: null } },
    select: {
      lastSeenAt: true,
      user: { select: { id: true, role: true, organizationId: true, twoFactorEnabledAt: true, organization: { select: { plan: true, requireTwoFactor: true } } } },
    },
  });
  if (!session) return null;
  if (session.lastSeenAt.getTime() <= now - LAST_SEEN_GRANULARITY_MS) {
    // Off the response path, as an API key's lastUsedAt is: the request need not wait for it.
    void db.session
      .updateMany({ where: { id: sessionId, lastSeenAt: { lte: new Date(now - LAST_SEEN_GRANULARITY_MS) } }, data: { lastSeenAt: new Date(now) } })
      .catch((error: unknown) => getLogger().warn({ err: error }, "could not record a session's last use"));
  }
  return session.user;
}

/** The person's live sessions, newest first, keyset-paginated on (createdAt, id). */
export async function listSessions(db: DbClient, actor: Actor, currentSessionId: string | undefined, input: ListSessionsInput, now = Date.now()): Promise<Page<SessionView>> {
  const page = await paginate(
    { kind: "sessions", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.session.findMany({
        where: { userId: actor.userId, organizationId: actor.organizationId, revokedAt: null, createdAt: { gt: liveSince(now) }, AND: [args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: { id: true, userAgent: true, ip: true, createdAt: true, lastSeenAt: true },
      }),
    (row) => row.createdAt,
  );
  return {
    items: page.items.map((row) => ({ ...row, current: row.id === currentSessionId, createdAt: row.createdAt.toISOString(), lastSeenAt: row.lastSeenAt.toISOString() })),
    pagination: page.pagination,
  };
}

/** Revokes one of the person's sessions (404 for anyone else's, or one already ended), with its audit entry. */
export async function revokeSession(db: Db, actor: Actor, sessionId: string, audit: AuditContext): Promise<void> {
  await db.$transaction(async (tx) => {
    const revoked = await tx.session.updateMany({
      where: { id: sessionId, userId: actor.userId, organizationId: actor.organizationId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (revoked.count === 0) throw notFound("Session");
    await recordAudit(tx, audit, { action: "auth.session_revoked", target: { type: "session", id: sessionId }, metadata: { sessions: 1 } });
  });
}

/**
 * Revokes every live session of the user but `keepSessionId` (none kept when it is undefined); with an
 * audit context, records how many ended. Call it inside the transaction of the change that ends them.
 */
export async function revokeUserSessions(tx: DbClient, userId: string, keepSessionId?: string, audit?: AuditContext): Promise<number> {
  const { count } = await tx.session.updateMany({
    where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: new Date() },
  });
  if (audit && count > 0) await recordAudit(tx, audit, { action: "auth.session_revoked", target: { type: "user", id: userId }, metadata: { sessions: count, kept: keepSessionId ? "current" : "none" } });
  return count;
}
