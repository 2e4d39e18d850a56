// Endpoint health for the console (app-api section 13), counted from attempts: an endpoint whose
// attempts fail reads "failing" with its error rate at once, not only after its deliveries run out of
// retries. A handful of grouped statements over the (endpointId, startedAt) and (endpointId, status,
// nextAttemptAt) indexes, for at most 20 endpoints at a time.
import { Prisma, type DbClient } from "@/server/db";
import type { AttemptsPerHour, EndpointHealth } from "@/server/contract/webhook-endpoint";
import { sqlTimestamp } from "@/server/lib/sql";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const isSuccess = Prisma.sql`"statusCode" BETWEEN 200 AND 299`;

interface AttemptCounts {
  endpointId: string;
  attempts24h: number;
  success24h: number;
  attempts7d: number;
  success7d: number;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** Health of each of `endpoints` (of one organization), by id. */
export async function endpointHealth(
  db: DbClient,
  organizationId: string,
  endpoints: readonly { id: string; isActive: boolean }[],
  now = new Date(),
): Promise<Map<string, EndpointHealth>> {
  const ids = endpoints.map((endpoint) => endpoint.id);
  const health = new Map<string, EndpointHealth>();
  if (!ids.length) return health;
  const [counts, retries] = await Promise.all([
    db.$queryRaw<AttemptCounts[]>`
      SELECT a."endpointId",
        count(*) FILTER (WHERE a."startedAt" >= ${sqlTimestamp(new Date(now.getTime() - DAY_MS))})::int AS "attempts24h",
        count(*) FILTER (WHERE a."startedAt" >= ${sqlTimestamp(new Date(now.getTime() - DAY_MS))} AND ${isSuccess})::int AS "success24h",
        count(*)::int AS "attempts7d",
        count(*) FILTER (WHERE ${isSuccess})::int AS "success7d",
        max(a."startedAt") AS "lastAttemptAt",
        (SELECT l."statusCode" FROM "WebhookAttempt" l WHERE l."endpointId" = a."endpointId" ORDER BY l."startedAt" DESC LIMIT 1) AS "lastStatusCode"
      FROM "WebhookAttempt" a
      WHERE a."organizationId" = ${organizationId} AND a."endpointId" = ANY(${ids}::text[]) AND a."startedAt" >= ${sqlTimestamp(new Date(now.getTime() - 7 * DAY_MS))}
      GROUP BY a."endpointId"`,
    db.$queryRaw<{ endpointId: string; nextRetryAt: Date }[]>`
      SELECT "endpointId", min("nextAttemptAt") AS "nextRetryAt" FROM "WebhookDelivery"
      WHERE "organizationId" = ${organizationId} AND "endpointId" = ANY(${ids}::text[]) AND "status" = 'pending' AND "attempts" > 0
      GROUP BY "endpointId"`,
  ]);
  for (const endpoint of endpoints) {
    const count = counts.find((row) => row.endpointId === endpoint.id);
    const nextRetryAt = retries.find((row) => row.endpointId === endpoint.id)?.nextRetryAt ?? null;
    const attempts24h = count?.attempts24h ?? 0;
    const failedAttempts24h = attempts24h - (count?.success24h ?? 0);
    const lastFailed = count?.lastAttemptAt ? !(count.lastStatusCode !== null && count.lastStatusCode >= 200 && count.lastStatusCode < 300) : false;
    const state = !endpoint.isActive ? "disabled" : lastFailed || nextRetryAt ? "failing" : count ? "healthy" : "idle";
    health.set(endpoint.id, {
      state,
      attempts24h,
      failedAttempts24h,
      errorRate24h: rate(failedAttempts24h, attempts24h),
      successRate24h: rate(count?.success24h ?? 0, attempts24h),
      successRate7d: rate(count?.success7d ?? 0, count?.attempts7d ?? 0),
      lastAttemptAt: count?.lastAttemptAt?.toISOString() ?? null,
      nextRetryAt: nextRetryAt?.toISOString() ?? null,
    });
  }
  return health;
}

/** Attempts per hour by outcome over the last 24 hours: 24 buckets, the current hour last. */
export async function attemptsPerHour(db: DbClient, organizationId: string, endpointId: string, now = new Date()): Promise<AttemptsPerHour> {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const firstHour = currentHour - 23 * HOUR_MS;
  const rows = await db.$queryRaw<{ hour: Date; success: number; failed: number }[]>`
    SELECT date_trunc('hour', "startedAt") AS "hour", count(*) FILTER (WHERE ${isSuccess})::int AS "success", count(*) FILTER (WHERE NOT (${isSuccess}) OR "statusCode" IS NULL)::int AS "failed"
    FROM "WebhookAttempt"
    WHERE "organizationId" = ${organizationId} AND "endpointId" = ${endpointId} AND "startedAt" >= ${sqlTimestamp(new Date(firstHour))}
    GROUP BY 1`;
  return Array.from({ length: 24 }, (_, index) => {
    const hour = firstHour + index * HOUR_MS;
    const row = rows.find((candidate) => candidate.hour.getTime() === hour);
    return { hour: new Date(hour).toISOString(), success: row?.success ?? 0, failed: row?.failed ?? 0 };
  });
}
