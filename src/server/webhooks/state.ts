// The delivery state machine (contract sections 3.3, 3.4 and 6.5, app-api.md sections 5 and 8) as
// pure functions: what a delivery becomes after a scheduled or a manual attempt, and what that does
// to its endpoint. record.ts writes the result; nothing else decides retries or disabling.

/** Attempts per delivery, the first included (contract section 8). */
export const MAX_ATTEMPTS = 5;
/** Consecutive terminally failed deliveries that disable an endpoint (contract section 8). */
export const DISABLE_AFTER_CONSECUTIVE_FAILURES = 20;
/** Each retry delay is moved by up to this fraction either way, so retries of one outage spread out. */
export const RETRY_JITTER = 0.2;

/** What one attempt produced: an HTTP status, or null when no response arrived (network error, timeout, refused destination). */
export interface AttemptOutcome {
  statusCode: number | null;
  /** The delivery's lastError: partial response body or error message, already at most 1 KB; null for a 2xx. */
  error: string | null;
  /** When the attempt started. */
  attemptedAt: Date;
  /** For the attempt log: how long it took, the first 1 KB of the response body, and what went wrong short of an HTTP answer. */
  durationMs?: number;
  responseBody?: string | null;
  failure?: string | null;
  /** From a 429/503 `Retry-After` (capped at one hour): the next attempt is due no earlier than this. */
  retryNotBefore?: Date | null;
  /** For the attempt log: the headers sent and the answer's, as [name, value] pairs. */
  requestHeaders?: [string, string][] | null;
  responseHeaders?: [string, string][] | null;
}

/** `unchanged`: a failed manual attempt, which changes no state (app-api section 8). */
export type DeliveryResult = "succeeded" | "retried" | "failed" | "unchanged";

export interface DeliveryUpdate {
  status: "pending" | "success" | "failed";
  attempts: number;
  manualAttempts: number;
  /** A failed manual attempt: only the attempt counts change; status, schedule and last response stay. */
  isStateKept?: boolean;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: Date;
  completedAt: Date | null;
}

/**
 * Effect on the endpoint. `increment` adds one to consecutiveFailures; the endpoint is then disabled
 * (isActive false, disabledAt set if it was active) when `disableNow` or when the new count reaches
 * DISABLE_AFTER_CONSECUTIVE_FAILURES. `recordOutcome` (record.ts) applies it atomically in SQL (the
 * one place that rule is written), never read-modify-write.
 */
export type EndpointEffect = { type: "none" } | { type: "reset" } | { type: "increment"; disableNow: boolean };

export interface Transition {
  result: DeliveryResult;
  /** `nextAttemptAt` is null when unchanged (terminal states keep the last due time). */
  delivery: DeliveryUpdate;
  endpoint: EndpointEffect;
}

export interface TransitionOptions {
  /** When the outcome is recorded: completedAt, and the origin of the next due time. */
  now: Date;
  /** WEBHOOK_RETRY_BASE_SECONDS; fractions allowed. */
  retryBaseSeconds: number;
  /** Uniform in [0, 1), as Math.random. */
  random: () => number;
}

export const isSuccessStatus = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode <= 299;

/** Seconds between attempt n and attempt n+1 before jitter: base × 4^(n-1) (base 60: 1, 4, 16, 64 minutes). */
export function retryDelaySeconds(attemptsMade: number, retryBaseSeconds: number): number {
  return retryBaseSeconds * 4 ** (attemptsMade - 1);
}

/**
 * After a scheduled attempt. `delivery.attempts` is the count before this attempt, manual ones
 * included; the schedule (backoff, the fifth attempt's end) counts only the scheduled ones, so
 * resending never shortens a pending delivery's retries.
 */
export function nextDeliveryState(delivery: { attempts: number; manualAttempts?: number }, outcome: AttemptOutcome, options: TransitionOptions): Transition {
  const manualAttempts = delivery.manualAttempts ?? 0;
  const attempts = delivery.attempts - manualAttempts + 1;
  const recorded = {
    attempts: delivery.attempts + 1,
    manualAttempts,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    lastAttemptAt: outcome.attemptedAt,
  };
  if (isSuccessStatus(outcome.statusCode)) {
    return {
      result: "succeeded",
      delivery: { ...recorded, lastError: null, status: "success", completedAt: options.now, nextAttemptAt: null },
      endpoint: { type: "reset" },
    };
  }
  // 410 Gone: the receiver says the endpoint no longer exists; retrying would only repeat that.
  const isGone = outcome.statusCode === 410;
  if (isGone || attempts >= MAX_ATTEMPTS) {
    return {
      result: "failed",
      delivery: { ...recorded, status: "failed", completedAt: options.now, nextAttemptAt: null },
      endpoint: { type: "increment", disableNow: isGone },
    };
  }
  const jitter = 1 + (options.random() * 2 - 1) * RETRY_JITTER;
  const delayMs = retryDelaySeconds(attempts, options.retryBaseSeconds) * jitter * 1000;
  const scheduledMs = options.now.getTime() + delayMs;
  const nextAttemptMs = Math.max(scheduledMs, outcome.retryNotBefore?.getTime() ?? scheduledMs);
  return {
    result: "retried",
    delivery: { ...recorded, status: "pending", completedAt: null, nextAttemptAt: new Date(nextAttemptMs) },
    endpoint: { type: "none" },
  };
}

/**
 * After a manual attempt (resend, recover): a 2xx makes the delivery `success` (completedAt now) and
 * resets the endpoint's consecutiveFailures; anything else changes no state but the attempt counts.
 */
export function nextManualAttemptState(delivery: { attempts: number; manualAttempts: number }, outcome: AttemptOutcome, options: { now: Date }): Transition {
  const counts = { attempts: delivery.attempts + 1, manualAttempts: delivery.manualAttempts + 1 };
  if (isSuccessStatus(outcome.statusCode)) {
    return {
      result: "succeeded",
      delivery: { ...counts, status: "success", lastStatusCode: outcome.statusCode, lastError: null, lastAttemptAt: outcome.attemptedAt, completedAt: options.now, nextAttemptAt: null },
      endpoint: { type: "reset" },
    };
  }
  return {
    result: "unchanged",
    // Only the counts are written; the other fields are placeholders the writer ignores.
    delivery: { ...counts, isStateKept: true, status: "failed", lastStatusCode: null, lastError: null, lastAttemptAt: outcome.attemptedAt, completedAt: null, nextAttemptAt: null },
    endpoint: { type: "none" },
  };
}

/** A test delivery follows the schedule but never touches its endpoint (app-api section 8). */
export function withoutEndpointEffect(transition: Transition): Transition {
  return { ...transition, endpoint: { type: "none" } };
}
