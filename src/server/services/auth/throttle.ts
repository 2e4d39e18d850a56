// Login, invitation and signup throttling (app-api.md section 10), counted inside the operations
// themselves so that every path (in-app route, tRPC, batched or not) counts every attempt. Exact
// sliding windows: one row per failure, counted over the window. An attempt reserves its rows before
// the password (or the invitation's token) is checked, atomically with the count (under a per-key
// lock), so concurrent guesses cannot all pass a check made before any of them is recorded: at most
// the limit are evaluated, the rest are refused. A successful attempt gives its rows back; refused
// attempts add none.
// Which counts an attempt goes against: a login from a browser whose device cookie proved itself for
// that very user (auth/device-cookies.ts, OWASP's "device cookies") against that device's own count
// only, so failures it did not make (a flood against the email, or from its address) never lock it
// out; any other login against the email's and the address's; accepting an invitation against the
// token's and the address's. A failure (or a refusal) also puts the address in bad standing for a
// while (operations/address-standing.ts), which fair admission reads.
import { createHash } from "node:crypto";
import type { Db, DbClient } from "@/server/db";
import { rateLimited } from "@/server/errors";
import { recordRateLimitRejection } from "@/server/operations/metrics";
import { recordFailedAttempt } from "@/server/operations/address-standing";
import { sqlTimestamp } from "@/server/lib/sql";

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_EMAIL = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 100;
/** A proven device's own failures: past them, that device is refused (OWASP's device lockout); no one else is. */
export const LOGIN_FAILURES_PER_DEVICE = 10;
/** Failed acceptances of one invitation token, and from one address, in LOGIN_WINDOW_MS. */
export const INVITE_FAILURES_PER_TOKEN = 10;
export const INVITE_FAILURES_PER_ADDRESS = 100;
export const SIGNUP_WINDOW_MS = 60 * 60_000;
export const SIGNUPS_PER_ADDRESS = 20;
/** Expired failure rows of any key each reservation deletes at most, so the table stays bounded under a flood of new keys. */
const EXPIRED_ROWS_PER_ATTEMPT = 16;

export type ThrottledLimit = "login_email" | "login_address" | "login_device" | "signup_address" | "invite_token" | "invite_address" | "sso_address" | "oauth_address";

/** Advisory-lock namespace of the per-key attempt locks (the first key of the two-key form). */
const LOGIN_LOCK_NAMESPACE = 0x1091;

// One fixed message: it must not tell which limit was hit, or whether the email has an account.
const THROTTLED_MESSAGE = "Too many attempts. Try again later; Retry-After gives the seconds to wait.";

function refuse(limit: ThrottledLimit, retryAfterSeconds: number, address: string | undefined): never {
  recordRateLimitRejection(limit);
  recordFailedAttempt(address);
  throw rateLimited(retryAfterSeconds, THROTTLED_MESSAGE);
}

const hashed = (kind: string, value: string) => `${kind}:${createHash("sha256").update(value).digest("hex")}`;

/** One count an attempt goes against: its metric name, its row key, its maximum in the window. */
export interface FailureCount {
  limit: ThrottledLimit;
  key: string;
  max: number;
}

/** An attempt: the counts it goes against, and the address it came from (its standing). */
export interface CountedAttempt {
  counts: FailureCount[];
  address: string | undefined;
}

/** A login attempt: against the proven device's own count, or else against the email's and the address's. */
export function loginAttempt(email: string, address: string | undefined, provenDeviceId?: string): CountedAttempt {
  if (provenDeviceId) return { counts: [{ limit: "login_device", key: hashed("device", provenDeviceId), max: LOGIN_FAILURES_PER_DEVICE }], address };
  const counts: FailureCount[] = [{ limit: "login_email", key: hashed("email", email), max: LOGIN_FAILURES_PER_EMAIL }];
  if (address) counts.push({ limit: "login_address", key: `address:${address}`, max: LOGIN_FAILURES_PER_ADDRESS });
  return { counts, address };
}

/** Accepting an invitation: against the token's count (by its stored hash) and the address's. */
export function inviteAttempt(tokenHash: string, address: string | undefined): CountedAttempt {
  const counts: FailureCount[] = [{ limit: "invite_token", key: `invite:${tokenHash}`, max: INVITE_FAILURES_PER_TOKEN }];
  if (address) counts.push({ limit: "invite_address", key: `invite-address:${address}`, max: INVITE_FAILURES_PER_ADDRESS });
  return { counts, address };
}

/** Single sign-on requests (starts and callbacks) from one address in LOGIN_WINDOW_MS, each counted. */
export const SSO_REQUESTS_PER_ADDRESS = 60;

/** A single sign-on request (its start or its callback): against the address's count; none without an address. */
export function ssoAttempt(address: string | undefined): CountedAttempt {
  return { counts: address ? [{ limit: "sso_address", key: `sso-address:${address}`, max: SSO_REQUESTS_PER_ADDRESS }] : [], address };
}

/** Seconds until the oldest counted row leaves the window, at least 1. */
function retryAfter(oldestMs: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((oldestMs + windowMs - now) / 1000));
}

/** An attempt's place in the counts: given back when it succeeded (or was never decided). */
export interface AttemptReservation {
  release(): Promise<void>;
}

/**
 * Reserves a failure row for each of the attempt's counts, or refuses (429) when any has used up its
 * failures in the window; before the secret is checked. One transaction: a lock per key (in key
 * order, so two attempts never deadlock), then one statement that counts each key's window and
 * inserts the rows only if every key is under its limit. The keys' rows older than the window are
 * pruned, and a few expired rows of any key (skipping rows another attempt is pruning).
 */
export async function reserveAttempt(db: Db, attempt: CountedAttempt, now = Date.now()): Promise<AttemptReservation> {
  const keys = attempt.counts.map(({ key }) => key);
  const cutoff = sqlTimestamp(now - LOGIN_WINDOW_MS);
  const rows = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${LOGIN_LOCK_NAMESPACE}::int, hashtext(k))::text FROM unnest(${[...keys].sort()}::text[]) AS k`;
    return tx.$queryRaw<{ key: string; count: number; oldestMs: number | null; id: string | null }[]>`
      WITH k AS (SELECT * FROM unnest(${keys}::text[], ${attempt.counts.map(({ max }) => max)}::int[]) AS k("key", "max")),
      counted AS (
        SELECT k."key", k."max", count(f."id")::int AS "count", (EXTRACT(EPOCH FROM min(f."createdAt")) * 1000)::float8 AS "oldestMs"
        FROM k LEFT JOIN "LoginFailure" f ON f."key" = k."key" AND f."createdAt" > ${cutoff}
        GROUP BY k."key", k."max"
      ),
      pruned AS (DELETE FROM "LoginFailure" WHERE "key" = ANY(${keys}::text[]) AND "createdAt" <= ${cutoff}),
      expired AS (
        DELETE FROM "LoginFailure" WHERE "id" IN (
          SELECT "id" FROM "LoginFailure" WHERE "createdAt" <= ${cutoff} ORDER BY "createdAt" LIMIT ${EXPIRED_ROWS_PER_ATTEMPT}::int FOR UPDATE SKIP LOCKED)
      ),
      reserved AS (
        INSERT INTO "LoginFailure" ("id", "key", "createdAt")
        SELECT gen_random_uuid()::text, c."key", ${sqlTimestamp(now)} FROM counted c
        WHERE NOT EXISTS (SELECT 1 FROM counted o WHERE o."count" >= o."max")
        RETURNING "id", "key"
      )
      SELECT c."key", c."count", c."oldestMs", r."id" FROM counted c LEFT JOIN reserved r USING ("key")`;
  });
  for (const { limit, key, max } of attempt.counts) {
    const row = rows.find((candidate) => candidate.key === key)!;
    if (row.count >= max) refuse(limit, retryAfter(row.oldestMs ?? now, LOGIN_WINDOW_MS, now), attempt.address);
  }
  const ids = rows.map((row) => row.id).filter((id): id is string => id !== null);
  return {
    release: async () => {
      await db.loginFailure.deleteMany({ where: { id: { in: ids } } });
    },
  };
}

/**
 * Runs a check (a password, an invitation's token) as a counted attempt: the rows reserved before it
 * stay when it fails (and the address's standing records the failure), and are given back when it
 * succeeds or did not complete.
 */
export async function countedAttempt(db: Db, attempt: CountedAttempt, check: () => Promise<boolean>): Promise<boolean> {
  const reservation = await reserveAttempt(db, attempt);
  let isValid = true;
  try {
    isValid = await check();
    return isValid;
  } finally {
    if (isValid) await reservation.release();
    else recordFailedAttempt(attempt.address);
  }
}

/** Counts a signup attempt from the address; refuses (429) past SIGNUPS_PER_ADDRESS an hour. */
export async function countSignupAttempt(db: DbClient, address: string | undefined, now = Date.now()): Promise<void> {
  if (!address) return;
  const since = new Date(now - SIGNUP_WINDOW_MS);
  await db.signupAttempt.deleteMany({ where: { address, createdAt: { lte: since } } });
  const attempts = await db.signupAttempt.findMany({ where: { address, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true }, take: 1 });
  const count = await db.signupAttempt.count({ where: { address, createdAt: { gt: since } } });
  if (count >= SIGNUPS_PER_ADDRESS) refuse("signup_address", retryAfter(attempts[0]!.createdAt.getTime(), SIGNUP_WINDOW_MS, now), address);
  await db.signupAttempt.create({ data: { address, createdAt: new Date(now) } });
}

/** Failed OAuth requests (a wrong client secret, code or verifier, a bad authorization) from one address in LOGIN_WINDOW_MS. */
export const OAUTH_FAILURES_PER_ADDRESS = 100;

/** An OAuth request (token, revocation, a consent decision): against its address's count. */
export function oauthAttempt(address: string | undefined): CountedAttempt {
  return { counts: address ? [{ limit: "oauth_address", key: `oauth-address:${address}`, max: OAUTH_FAILURES_PER_ADDRESS }] : [], address };
}
