// Ended web app sessions (services/auth/sessions.ts) are deleted a bounded batch per pass, by the same
// maintenance beat as webhook retention (the worker and the cron route): rows revoked, and rows past
// SESSION_TTL_MS, which sign nobody in any more.
import type { DbClient } from "@/server/db";
import { SESSION_TTL_MS } from "@/lib/limits";
import { sqlTimestamp } from "@/server/lib/sql";

/** Session rows of each kind one pass deletes at most. */
export const SESSION_PRUNE_BATCH = 1_000;

/** Deletes at most `batch` revoked and `batch` expired session rows; returns how many went. */
export async function pruneSessions(db: DbClient, options: { now?: Date; batch?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? SESSION_PRUNE_BATCH;
  const revoked = await db.$executeRaw`
    DELETE FROM "Session" WHERE "id" IN (SELECT "id" FROM "Session" WHERE "revokedAt" IS NOT NULL ORDER BY "revokedAt" LIMIT ${batch}::int)`;
  const expired = await db.$executeRaw`
    DELETE FROM "Session" WHERE "id" IN (
      SELECT "id" FROM "Session" WHERE "createdAt" <= ${sqlTimestamp(now.getTime() - SESSION_TTL_MS)} ORDER BY "createdAt" LIMIT ${batch}::int)`;
  return revoked + expired;
}
