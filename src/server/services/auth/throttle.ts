// Login and signup throttling (app-api.md section 10), counted inside the operations themselves so
// that every path (in-app route, tRPC, batched or not) counts every attempt. Exact sliding windows:
// one row per failure, counted over the window; refused attempts add no row, so a key holds at most
// its limit of rows.
import { createHash } from "node:crypto";
import type { DbClient } from "@/server/db";
import { AppError } from "@/server/errors";
import { recordRateLimitRejection } from "@/server/operations/metrics";

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_EMAIL = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 100;
export const SIGNUP_WINDOW_MS = 60 * 60_000;
export const SIGNUPS_PER_ADDRESS = 20;

export type ThrottledLimit = "login_email" | "login_address" | "signup_address";

/** The same refusal whether or not the email has an account. */
export class ThrottledError extends AppError {
  constructor(
    readonly limit: ThrottledLimit,
    retryAfterSeconds: number,
  ) {
    // One fixed message: it must not tell which limit was hit, or whether the email has an account.
    super("rate_limit_exceeded", "Too many attempts. Try again later; Retry-After gives the seconds to wait.", { headers: { "Retry-After": String(retryAfterSeconds) } });
  }
}

function refuse(limit: ThrottledLimit, retryAfterSeconds: number): never {
  recordRateLimitRejection(limit);
  throw new ThrottledError(limit, retryAfterSeconds);
}

const emailKey = (email: string) => `email:${createHash("sha256").update(email).digest("hex")}`;
const addressKey = (address: string) => `address:${address}`;

/** Seconds until the oldest counted row leaves the window, at least 1. */
function retryAfter(oldest: Date, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now) / 1000));
}

async function loginFailures(db: DbClient, key: string, now: number): Promise<{ count: number; oldest: Date | null }> {
  const since = new Date(now - LOGIN_WINDOW_MS);
  const [count, oldest] = await Promise.all([
    db.loginFailure.count({ where: { key, createdAt: { gt: since } } }),
    db.loginFailure.findFirst({ where: { key, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  return { count, oldest: oldest?.createdAt ?? null };
}

/** Refuses (429) when the email or the address has used up its failed logins; checked before the password. */
export async function assertLoginAllowed(db: DbClient, email: string, address: string | undefined, now = Date.now()): Promise<void> {
  const checks: [ThrottledLimit, string, number][] = [["login_email", emailKey(email), LOGIN_FAILURES_PER_EMAIL]];
  if (address) checks.push(["login_address", addressKey(address), LOGIN_FAILURES_PER_ADDRESS]);
  for (const [limit, key, max] of checks) {
    const { count, oldest } = await loginFailures(db, key, now);
    if (count >= max && oldest) refuse(limit, retryAfter(oldest, LOGIN_WINDOW_MS, now));
  }
}

/** Counts a failed login against the email and the address, and forgets their rows older than the window. */
export async function recordLoginFailure(db: DbClient, email: string, address: string | undefined, now = Date.now()): Promise<void> {
  const keys = [emailKey(email), ...(address ? [addressKey(address)] : [])];
  await db.loginFailure.deleteMany({ where: { key: { in: keys }, createdAt: { lte: new Date(now - LOGIN_WINDOW_MS) } } });
  await db.loginFailure.createMany({ data: keys.map((key) => ({ key, createdAt: new Date(now) })) });
}

/** Counts a signup attempt from the address; refuses (429) past SIGNUPS_PER_ADDRESS an hour. */
export async function countSignupAttempt(db: DbClient, address: string | undefined, now = Date.now()): Promise<void> {
  if (!address) return;
  const since = new Date(now - SIGNUP_WINDOW_MS);
  await db.signupAttempt.deleteMany({ where: { address, createdAt: { lte: since } } });
  const attempts = await db.signupAttempt.findMany({ where: { address, createdAt: { gt: since } }, orderBy: { createdAt: "asc" }, select: { createdAt: true }, take: 1 });
  const count = await db.signupAttempt.count({ where: { address, createdAt: { gt: since } } });
  if (count >= SIGNUPS_PER_ADDRESS) refuse("signup_address", retryAfter(attempts[0]!.createdAt, SIGNUP_WINDOW_MS, now));
  await db.signupAttempt.create({ data: { address, createdAt: new Date(now) } });
}
