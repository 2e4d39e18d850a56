// One truthful health per endpoint (app-api sections 13 and 17): every figure the console shows about
// an endpoint's last 24 hours comes from one statement over the same rows (the endpoint's attempts of
// the period joined to their deliveries), and its state from one pure function of what that statement
// and the endpoint row say. Test deliveries are left out, as they are out of consecutiveFailures: a
// test sent to a receiver that refuses its example never makes a healthy endpoint read failing.
import { Prisma, type DbClient } from "@/server/db";
import type { AttemptsPerHour, DisabledReason, EndpointHealth, EndpointHealthState } from "@/server/contract/webhook-endpoint";
import { sqlTimestamp } from "@/server/lib/sql";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** An attempt succeeded: a 2xx answer (the contract's only success). Null status (no answer) is a failure. */
const isSuccess = Prisma.sql`coalesce(a."statusCode" BETWEEN 200 AND 299, false)`;

/** What the state is decided from: the endpoint row and its latest attempt. */
export interface HealthFacts {
  isActive: boolean;
  /** Why it is not active, as stored when it was disabled (null while active). */
  disabledReason: DisabledReason | null;
  /** The organization's plan has no webhooks: nothing is sent to any of its endpoints. */
  isPlanPaused: boolean;
  /** The contract's counter: deliveries that ran out of attempts since the last success. */
  consecutiveFailures: number;
  /** The latest attempt (scheduled or manual, tests left out): true for a 2xx, null when none is kept. */
  lastAttemptSucceeded: boolean | null;
}

/**
 * The state, decided here only:
 * - `disabled`: the delivery engine turned it off (20 consecutive failed deliveries, or a 410);
 * - `paused`: an admin paused it, or the plan has no webhooks (events wait, nothing is attempted);
 * - `failing`: its latest attempt failed, or deliveries ran out of attempts since its last success;
 * - `healthy`: otherwise: the latest attempt succeeded (a success also resets the counter), or none was made.
 */
export function healthState(facts: HealthFacts): EndpointHealthState {
  if (!facts.isActive) return facts.disabledReason === "consecutive_failures" || facts.disabledReason === "gone" ? "disabled" : "paused";
  if (facts.isPlanPaused) return "paused";
  if (facts.lastAttemptSucceeded === false || facts.consecutiveFailures > 0) return "failing";
  return "healthy";
}

/** What the one statement answers per endpoint. */
interface HealthRow {
  endpointId: string;
  attempts24h: number;
  failedAttempts24h: number;
  succeededDeliveries24h: number;
  failedDeliveries24h: number;
  retryingDeliveries24h: number;
  attempts7d: number;
  succeededAttempts7d: number;
  lastAttemptAt: Date | null;
  lastAttemptSucceeded: boolean | null;
  nextRetryAt: Date | null;
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

export interface HealthSubject {
  id: string;
  isActive: boolean;
  disabledReason: DisabledReason | null;
  consecutiveFailures: number;
}

/**
 * Health of each of `endpoints` (of one organization, at most 20), by id: one statement. Over the
 * last 24 hours, the attempts made and, from the same rows, the deliveries they were for by where each
 * now stands (succeeded, failed after its attempts, still retrying); the 7-day success rate; the
 * latest attempt; the soonest retry. Reads the `(endpointId, startedAt)` attempt index and the
 * `(endpointId, status, nextAttemptAt)` delivery index.
 */
export async function endpointHealth(
  db: DbClient,
  organizationId: string,
  endpoints: readonly HealthSubject[],
  options: { isPlanPaused: boolean; now?: Date },
): Promise<Map<string, EndpointHealth>> {
  const ids = endpoints.map((endpoint) => endpoint.id);
  const health = new Map<string, EndpointHealth>();
  if (!ids.length) return health;
  const now = options.now ?? new Date();
  const day = sqlTimestamp(now.getTime() - DAY_MS);
  const rows = await db.$queryRaw<HealthRow[]>`
    SELECT e."id" AS "endpointId",
      coalesce(c."attempts24h", 0)::int AS "attempts24h",
      coalesce(c."failedAttempts24h", 0)::int AS "failedAttempts24h",
      coalesce(c."succeededDeliveries24h", 0)::int AS "succeededDeliveries24h",
      coalesce(c."failedDeliveries24h", 0)::int AS "failedDeliveries24h",
      coalesce(c."retryingDeliveries24h", 0)::int AS "retryingDeliveries24h",
      coalesce(c."attempts7d", 0)::int AS "attempts7d",
      coalesce(c."succeededAttempts7d", 0)::int AS "succeededAttempts7d",
      l."startedAt" AS "lastAttemptAt", l."succeeded" AS "lastAttemptSucceeded",
      n."nextRetryAt"
    FROM unnest(${ids}::text[]) AS e("id")
    LEFT JOIN (
      SELECT a."endpointId",
        count(*) FILTER (WHERE a."startedAt" >= ${day}) AS "attempts24h",
        count(*) FILTER (WHERE a."startedAt" >= ${day} AND NOT ${isSuccess}) AS "failedAttempts24h",
        count(DISTINCT a."deliveryId") FILTER (WHERE a."startedAt" >= ${day} AND d."status" = 'success') AS "succeededDeliveries24h",
        count(DISTINCT a."deliveryId") FILTER (WHERE a."startedAt" >= ${day} AND d."status" = 'failed') AS "failedDeliveries24h",
        count(DISTINCT a."deliveryId") FILTER (WHERE a."startedAt" >= ${day} AND d."status" = 'pending') AS "retryingDeliveries24h",
        count(*) AS "attempts7d",
        count(*) FILTER (WHERE ${isSuccess}) AS "succeededAttempts7d"
      FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
      WHERE a."organizationId" = ${organizationId} AND a."endpointId" = ANY(${ids}::text[])
        AND a."startedAt" >= ${sqlTimestamp(now.getTime() - 7 * DAY_MS)} AND NOT d."isTest"
      GROUP BY a."endpointId"
    ) c ON c."endpointId" = e."id"
    LEFT JOIN LATERAL (
      SELECT a."startedAt", ${isSuccess} AS "succeeded"
      FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
      WHERE a."organizationId" = ${organizationId} AND a."endpointId" = e."id" AND NOT d."isTest"
      ORDER BY a."startedAt" DESC, a."id" DESC
      LIMIT 1
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT min(d."nextAttemptAt") AS "nextRetryAt" FROM "WebhookDelivery" d
      WHERE d."organizationId" = ${organizationId} AND d."endpointId" = e."id" AND d."status" = 'pending' AND d."attempts" > 0 AND NOT d."isTest"
    ) n ON true`;
  for (const endpoint of endpoints) {
    const row = rows.find((candidate) => candidate.endpointId === endpoint.id)!;
    const lastAttemptSucceeded = row.lastAttemptAt ? row.lastAttemptSucceeded : null;
    health.set(endpoint.id, {
      state: healthState({ ...endpoint, isPlanPaused: options.isPlanPaused, lastAttemptSucceeded }),
      consecutiveFailures: endpoint.consecutiveFailures,
      attempts24h: row.attempts24h,
      failedAttempts24h: row.failedAttempts24h,
      deliveries24h: { succeeded: row.succeededDeliveries24h, failed: row.failedDeliveries24h, retrying: row.retryingDeliveries24h },
      errorRate24h: rate(row.failedAttempts24h, row.attempts24h),
      successRate24h: rate(row.attempts24h - row.failedAttempts24h, row.attempts24h),
      successRate7d: rate(row.succeededAttempts7d, row.attempts7d),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      lastAttemptSucceeded,
      nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
    });
  }
  return health;
}

/**
 * Attempts per hour by outcome over the last 24 hours (test deliveries left out, as in the health):
 * 24 buckets, the current hour last. The first bucket also holds the attempts of the hour before it
 * that fall within the 24 hours, so the buckets add up to the health's `attempts24h` exactly.
 */
export async function attemptsPerHour(db: DbClient, organizationId: string, endpointId: string, now = new Date()): Promise<AttemptsPerHour> {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const firstHour = currentHour - 23 * HOUR_MS;
  const rows = await db.$queryRaw<{ hour: Date; success: number; failed: number }[]>`
    SELECT greatest(date_trunc('hour', a."startedAt"), ${sqlTimestamp(firstHour)}) AS "hour",
      count(*) FILTER (WHERE ${isSuccess})::int AS "success", count(*) FILTER (WHERE NOT ${isSuccess})::int AS "failed"
    FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
    WHERE a."organizationId" = ${organizationId} AND a."endpointId" = ${endpointId} AND a."startedAt" >= ${sqlTimestamp(now.getTime() - DAY_MS)} AND NOT d."isTest"
    GROUP BY 1`;
  return Array.from({ length: 24 }, (_, index) => {
    const hour = firstHour + index * HOUR_MS;
    const row = rows.find((candidate) => candidate.hour.getTime() === hour);
    return { hour: new Date(hour).toISOString(), success: row?.success ?? 0, failed: row?.failed ?? 0 };
  });
}
