// Login and signup throttling (app-api.md section 10), counted inside the operations themselves so
// that every path (in-app route, tRPC, batched or not) counts every attempt. Exact sliding windows:
// one row per failure, counted over the window. An attempt reserves its row before the password is
// checked, atomically with the count (under a per-key lock), so concurrent guesses cannot all pass a
// check made before any of them is recorded: at most the limit are evaluated, the rest are refused.
// A successful attempt gives its row back; refused attempts add none.
import { createHash } from "node:crypto";
import type { Db, DbClient } from "@/server/db";
import { rateLimited } from "@/server/errors";
import { recordRateLimitRejection } from "@/server/operations/metrics";
import { sqlTimestamp } from "@/server/lib/sql";

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_EMAIL = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 100;
export const SIGNUP_WINDOW_MS = 60 * 60_000;
export const SIGNUPS_PER_ADDRESS = 20;

export type ThrottledLimit = "login_email" | "login_address" | "signup_address";

/** Advisory-lock namespace of the per-key login locks (the first key of the two-key form). */
const LOGIN_LOCK_NAMESPACE = 0x1091;

// One fixed message: it must not tell which limit was hit, or whether the email has an account.
const THROTTLED_MESSAGE = "Too many attempts. Try again later; Retry-After gives the seconds to wait.";

function refuse(limit: ThrottledLimit, retryAfterSeconds: number): never {
  recordRateLimitRejection(limit);
  throw rateLimited(retryAfterSeconds, THROTTLED_MESSAGE);
}

const emailKey = (email: string) => `email:${createHash("sha256").update(email).digest("hex")}`;
const addressKey = (address: string) => `address:${address}`;

/** Seconds until the oldest counted row leaves the window, at least 1. */
function retryAfter(oldestMs: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((oldestMs + windowMs - now) / 1000));
}

/** A login attempt's place in the counts: given back when the password was right (or never checked). */
export interface LoginReservation {
  release(): Promise<void>;
}

/**
 * Reserves a failed-login row for the email and the address, or refuses (429) when either has used
 * up its failures in the window; before the password is checked. One transaction: a lock per key
 * (in key order, so two attempts never deadlock), then one statement that counts each key's window
 * and inserts the rows only if every key is under its limit. Rows older than the window are pruned.
 */
export async function reserveLoginAttempt(db: Db, email: string, address: string | undefined, now = Date.now()): Promise<LoginReservation> {
  const limits: [ThrottledLimit, string, number][] = [["login_email", emailKey(email), LOGIN_FAILURES_PER_EMAIL]];
  if (address) limits.push(["login_address", addressKey(address), LOGIN_FAILURES_PER_ADDRESS]);
  const keys = limits.map(([, key]) => key);
  const rows = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_NAMESPACE}::int, hashtext(k))::text FROM unnest(${[...keys].sort()}::text[]) AS k`;
    return tx.$queryRaw<{ key: string; count: number; oldestMs: number | null; id: string | null }[]>`
      WITH k AS (SELECT * FROM unnest(${keys}::text[], ${limits.map(([, , max]) => max)}::int[]) AS k("key", "max")),
      counted AS (
        SELECT k."key", k."max", count(f."id")::int AS "count", (EXTRACT(EPOCH FROM min(f."createdAt")) * 1000)::float8 AS "oldestMs"
        FROM k LEFT JOIN "LoginFailure" f ON f."key" = k."key" AND f."createdAt" > ${sqlTimestamp(now - LOGIN_WINDOW_MS)}
        GROUP BY k."key", k."max"
      ),
      pruned AS (DELETE FROM "LoginFailure" WHERE "key" = ANY(${keys}::text[]) AND "createdAt" <= ${sqlTimestamp(now - LOGIN_WINDOW_MS)}),
      reserved AS (
        INSERT INTO "LoginFailure" ("id", "key", "createdAt")
        SELECT gen_random_uuid()::text, c."key", ${sqlTimestamp(now)} FROM counted c
        WHERE NOT EXISTS (SELECT 1 FROM counted o WHERE o."count" >= o."max")
        RETURNING "id", "key"
      )
      SELECT c."key", c."count", c."oldestMs", r."id" FROM counted c LEFT JOIN reserved r USING ("key")`;
  });
  for (const [limit, key, max] of limits) {
    const row = rows.find((candidate) => candidate.key === key)!;
    if (row.count >= max) refuse(limit, retryAfter(row.oldestMs ?? now, LOGIN_WINDOW_MS, now));
  }
  const ids = rows.map((row) => row.id).filter((id): id is string => id !== null);
  return {
    release: async () => {
      await db.loginFailure.deleteMany({ where: { id: { in: ids } } });
    },
  };
}

/**
 * Runs a password check as a counted login attempt: the row reserved before it stays when the
 * password is wrong, and is given back when it is right or the check did not complete.
 */
export async function countedLoginAttempt(db: Db, email: string, address: string | undefined, check: () => Promise<boolean>): Promise<boolean> {
  const reservation = await reserveLoginAttempt(db, email, address);
  let isValid = true;
  try {
    isValid = await check();
    return isValid;
  } finally {
    if (isValid) await reservation.release();
  }
}

/** Counts a signup attempt from the address; refuses (429) past SIGNUPS_PER_ADDRESS an hour. */
export async function countSignupAttempt(db: DbClient, address: string | undefined, now = Date.now()): Promise<void> {
  if (!address) return;
  const since = new Date(now - SIGNUP_WINDOW_MS);
  await db.signupAttempt.deleteMany({ where: { address, createdAt: { lte: since } } });
  const attempts = await db.signupAttempt.findMany({ where: { address, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true }, take: 1 });
  const count = await db.signupAttempt.count({ where: { address, createdAt: { gt: since } } });
  if (count >= SIGNUPS_PER_ADDRESS) refuse("signup_address", retryAfter(attempts[0]!.createdAt.getTime(), SIGNUP_WINDOW_MS, now));
  await db.signupAttempt.create({ data: { address, createdAt: new Date(now) } });
}
