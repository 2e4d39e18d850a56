// Audit retention (app-api section 15): entries older than 365 days are deleted, a bounded batch per
// call, by the periodic retention pass (webhooks/retention.ts, run by the worker and the cron route).
// The cutoff is the database's clock, written as the append-only trigger writes it, so the pass deletes
// exactly what the trigger lets go and nothing a moved engine clock would reach.
import type { DbClient } from "@/server/db";

/** How long an entry is kept; the migration's trigger holds the same number. */
export const AUDIT_RETENTION_DAYS = 365;

export async function pruneAuditEvents(db: DbClient, options: { batch: number }): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "AuditEvent" WHERE "id" IN (
      SELECT "id" FROM "AuditEvent" WHERE "createdAt" < now() - interval '365 days' ORDER BY "createdAt" LIMIT ${options.batch}::int)`;
}
