// Retention (app-api section 8): attempts and finished events older than WEBHOOK_RETENTION_DAYS are
// deleted, a bounded batch per call, by the worker and the cron route. An event goes only when none of
// its deliveries is pending, leased or waiting for a manual attempt; deleting it takes its deliveries
// and their attempts along (foreign keys cascade). Pending work is never pruned. The same pass deletes
// the public API's Idempotency-Keys past their 24 hours and audit entries past their 365 days.
import type { Db } from "@/server/db";
import { pruneIdempotencyKeys } from "@/server/lib/idempotency-retention";
import { pruneAuditEvents } from "@/server/lib/audit-retention";
import { sqlTimestamp } from "@/server/lib/sql";

/** Rows of each kind one call deletes at most. */
export const PRUNE_BATCH = 1_000;
const DAY_MS = 86_400_000;


export async function pruneWebhookHistory(
  db: Db,
  options: { retentionDays: number; now?: Date; batch?: number },
): Promise<{ events: number; attempts: number; idempotencyKeys: number; auditEvents: number }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
  const batch = options.batch ?? PRUNE_BATCH;
  const events = await db.$executeRaw`
    DELETE FROM "WebhookEvent" WHERE "id" IN (
      SELECT v."id" FROM "WebhookEvent" v
      WHERE v."createdAt" < ${sqlTimestamp(cutoff)}
        AND NOT EXISTS (
          SELECT 1 FROM "WebhookDelivery" d
          WHERE d."eventId" = v."id"
            AND (d."status" = 'pending' OR d."manualAttemptRequestedAt" IS NOT NULL OR d."leaseUntil" > ${sqlTimestamp(now)}))
      ORDER BY v."createdAt"
      LIMIT ${batch}::int)`;
  const attempts = await db.$executeRaw`
    DELETE FROM "WebhookAttempt" WHERE "id" IN (
      SELECT a."id" FROM "WebhookAttempt" a WHERE a."startedAt" < ${sqlTimestamp(cutoff)} ORDER BY a."startedAt" LIMIT ${batch}::int)`;
  const idempotencyKeys = await pruneIdempotencyKeys(db, { now, batch });
  const auditEvents = await pruneAuditEvents(db, { batch });
  return { events, attempts, idempotencyKeys, auditEvents };
}
