// How long a public API Idempotency-Key is kept, and the bounded delete of the keys past it. Below both
// readers: the idempotency service (an expired key is taken over) and the retention pass
// (webhooks/retention.ts), which prunes them beside the webhook history.
import type { DbClient } from "@/server/db";
import { sqlTimestamp } from "@/server/lib/sql";

/** How long a key is kept and answered from. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

/** Deletes a bounded batch of keys past their 24 hours; the retention pass calls it. */
export async function pruneIdempotencyKeys(db: DbClient, options: { now?: Date; batch: number }): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - IDEMPOTENCY_KEY_TTL_MS);
  return db.$executeRaw`
    DELETE FROM "IdempotencyKey" WHERE "id" IN (
      SELECT "id" FROM "IdempotencyKey" WHERE "createdAt" < ${sqlTimestamp(cutoff)} ORDER BY "createdAt" LIMIT ${options.batch}::int)`;
}
