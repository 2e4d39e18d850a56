// Public API step 4: per-key hourly rate limit (contract section 8). Fixed hour-aligned windows in the
// database, one atomic increment per request, effective = current + previous × (1 − elapsed fraction).
import { Prisma, type DbClient } from "@/server/db";
import { rateLimited } from "@/server/errors";
import type { RateLimitInfo } from "@/server/lib/envelope";
import { recordRateLimitRejection } from "@/server/operations/metrics";
import { getLogger } from "@/server/operations/logger";

export const WINDOW_MS = 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 1000;

export interface RateLimitDecision {
  isAllowed: boolean;
  info: RateLimitInfo;
  /** Seconds until the window resets (RateLimit-Reset). */
  resetAfterSeconds: number;
  /** Seconds until a request would be admitted again; only when refused. */
  retryAfterSeconds?: number;
}

/** Pure decision from the two window counts; `current` already includes this request. */
export function decideRateLimit(limit: number, current: number, previous: number, now: number): RateLimitDecision {
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const windowEnd = windowStart + WINDOW_MS;
  const elapsed = (now - windowStart) / WINDOW_MS;
  const effective = current + previous * (1 - elapsed);
  const isAllowed = effective <= limit;
  const resetAfterSeconds = Math.max(1, Math.ceil((windowEnd - now) / 1000));
  const decision: RateLimitDecision = {
    isAllowed,
    info: { limit, remaining: Math.max(0, Math.floor(limit - effective)), reset: Math.ceil(windowEnd / 1000) },
    resetAfterSeconds,
  };
  if (!isAllowed) decision.retryAfterSeconds = secondsUntilAdmitted(limit, current, previous, now, windowStart);
  return decision;
}

/**
 * When would one more request be admitted, if none other came? Within this window the previous
 * window's weight decays; in the next one this window's count becomes the decaying weight.
 */
function secondsUntilAdmitted(limit: number, current: number, previous: number, now: number, windowStart: number): number {
  const next = current + 1;
  let admittedAt: number;
  if (next <= limit && previous > 0) {
    admittedAt = windowStart + (1 - (limit - next) / previous) * WINDOW_MS;
  } else {
    const fraction = current > 0 ? Math.max(0, 1 - (limit - 1) / current) : 0;
    admittedAt = windowStart + WINDOW_MS + fraction * WINDOW_MS;
  }
  return Math.max(1, Math.ceil((admittedAt - now) / 1000));
}

/** Both header sets of contract section 8. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(decision.info.limit),
    "RateLimit-Remaining": String(decision.info.remaining),
    "RateLimit-Reset": String(decision.resetAfterSeconds),
    "X-RateLimit-Limit": String(decision.info.limit),
    "X-RateLimit-Remaining": String(decision.info.remaining),
    "X-RateLimit-Reset": String(decision.info.reset),
    // The IETF draft's structured fields (draft-ietf-httpapi-ratelimit-headers), beside the contract's.
    "RateLimit-Policy": `"hourly";q=${decision.info.limit};w=3600`,
    RateLimit: `"hourly";r=${decision.info.remaining};t=${decision.resetAfterSeconds}`,
  };
  return headers;
}

let lastPrune = 0;

/** Drops windows older than the previous one, at most once a minute per process; never awaited. */
function pruneOldWindows(db: DbClient, now: number): void {
  if (now - lastPrune < PRUNE_INTERVAL_MS) return;
  lastPrune = now;
  const cutoff = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS - WINDOW_MS);
  void db.rateLimitWindow.deleteMany({ where: { windowStart: { lt: cutoff } } }).catch(() => {});
}

/** The hour window a request at `now` is counted in, and the previous one it weighs against. */
export function rateLimitWindows(now: number): { windowStart: Date; previousStart: Date } {
  const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  return { windowStart, previousStart: new Date(windowStart.getTime() - WINDOW_MS) };
}

/**
 * The counting step as a CTE named "counted": one request of each key that `keyIds` (a SELECT of one
 * "id" column) yields is added to its current window atomically; it returns the new "count".
 */
export function countRequestsCte(keyIds: Prisma.Sql, { windowStart }: { windowStart: Date }): Prisma.Sql {
  return Prisma.sql`"counted" AS (
    INSERT INTO "RateLimitWindow" ("key", "windowStart", "count") SELECT "ids"."id", ${windowStart}::timestamp(3), 1 FROM (${keyIds}) AS "ids"
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitWindow"."count" + 1
    RETURNING "count"
  )`;
}

/** The previous window's count of the key `keyId` (a column or a value), 0 when it has none. */
export function previousWindowCount(keyId: Prisma.Sql, { previousStart }: { previousStart: Date }): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT "count" FROM "RateLimitWindow" WHERE "key" = ${keyId} AND "windowStart" = ${previousStart}::timestamp(3)), 0)::int`;
}

/** A failed store admits the request (fail-open, warning logged): the limit protects the service, it must not take it down. */
export function rateLimitUnavailable(error: unknown, limit: number, now: number): RateLimitDecision {
  getLogger().warn({ err: error }, "rate limiter unavailable, allowing request");
  return decideRateLimit(limit, 0, 0, now);
}

/** Decides from the counts the counting statement returned, and prunes old windows now and then. */
export function rateLimitDecisionFromCounts(db: DbClient, limit: number, current: number, previous: number, now: number): RateLimitDecision {
  pruneOldWindows(db, now);
  return decideRateLimit(limit, current, previous, now);
}

/** Applies a decision: headers go on the response either way; refusal is a 429 carrying Retry-After. */
export function applyRateLimit(decision: RateLimitDecision, resHeaders: Headers): RateLimitInfo {
  const headers = rateLimitHeaders(decision);
  for (const [name, value] of Object.entries(headers)) resHeaders.set(name, value);
  if (!decision.isAllowed) {
    recordRateLimitRejection("api_key");
    throw rateLimited(decision.retryAfterSeconds!, `Rate limit of ${decision.info.limit} requests per hour exceeded; retry after ${decision.retryAfterSeconds} seconds.`);
  }
  return decision.info;
}
