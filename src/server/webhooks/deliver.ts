// Drains due deliveries: create the deliveries of new events a bounded batch at a time (fan-out.ts),
// claim a batch under a lease (claim.ts), send with bounded concurrency, record each outcome (record.ts). Any number of workers (processes, instances, the cron route) may drain at once: a delivery
// is held by one lease at a time, and an outcome is written only while its lease is still held, so a
// worker that dies mid-attempt loses nothing (the lease runs out and another worker sends it again).
// Per delivery: a share of one claim statement and of one grouped outcome statement; a terminal
// failure, which also counts against its endpoint, is written by a statement of its own.
import { getEnv } from "@/env";
import type { Db } from "@/server/db";
import { systemClock, type Clock } from "@/server/webhooks/clock";
import { claimDueDeliveries, type ClaimLimits, type ScheduledDelivery } from "@/server/webhooks/claim";
import { recordCircuitOutcome } from "@/server/webhooks/circuit";
import { DEFAULT_ATTEMPT_TIMEOUT_MS, sendDelivery } from "@/server/webhooks/send";
import {
  nextDeliveryState,
  nextManualAttemptState,
  withoutEndpointEffect,
} from "@/server/webhooks/state";
import { mailNotices } from "@/server/operations/mail";
import { recordWebhookAttempt } from "@/server/operations/metrics";
import { markRecoveredDeliveries, RECOVERY_BATCH } from "@/server/webhooks/recovery";
import { FAN_OUT_BATCH_ROWS, FAN_OUT_POLL_MS, fanOutEvents } from "@/server/webhooks/fan-out";
import { recordOutcome, recordOutcomes, type RecordItem } from "@/server/webhooks/record";
import { getLogger } from "@/server/operations/logger";

/** How long one drain keeps claiming new deliveries; in-flight attempts then finish (at most one timeout more). */
export const DEFAULT_TIME_BUDGET_MS = 25_000;
/** Beyond the attempt timeout, time left for writing the outcome before another worker may take the delivery. */
export const LEASE_MARGIN_MS = 30_000;
/** While a slot is free and attempts are in flight, look for newly due work this often. */
export const DRAINED_POLL_MS = 100;
/** While requests press (DrainOptions.yieldTo): attempts in flight at most, fan-out batch rows at most, and the pause before each claim or batch. */
export const YIELDING_CONCURRENCY = 4;
export const YIELDING_FAN_OUT_ROWS = 100;
export const YIELD_PAUSE_MS = 10;

export { claimDueDeliveries };

export interface DrainOptions {
  /** Attempts in flight at once; defaults to WEBHOOK_WORKER_CONCURRENCY. */
  concurrency?: number;
  timeBudgetMs?: number;
  /** Per-attempt timeout; tests shorten it. */
  timeoutMs?: number;
  /** Claim length; defaults to timeoutMs + LEASE_MARGIN_MS. */
  leaseMs?: number;
  /** Defaults to WEBHOOK_RETRY_BASE_SECONDS. */
  retryBaseSeconds?: number;
  /** Defaults to APP_ENV=development. */
  allowLoopbackHttp?: boolean;
  random?: () => number;
  /** When aborted, no more deliveries are claimed; attempts in flight finish and are recorded. */
  signal?: AbortSignal;
  /** In-flight bounds; default from WEBHOOK_ENDPOINT_MAX_IN_FLIGHT and WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT. */
  limits?: ClaimLimits;
  /** First cooldown of an endpoint's open circuit; tests shorten it. */
  circuitCooldownMs?: number;
  /** What is due, leases, backoff, circuits and recorded instants (clock.ts); the system clock unless given. */
  clock?: Clock;
  /** Delivery rows one fan-out batch creates at most; FAN_OUT_BATCH_ROWS unless given (fan-out.ts). */
  fanOutBatchRows?: number;
  /** Failed deliveries a recover request has marked per pass; defaults to RECOVERY_BATCH (tests use fewer). */
  recoveryBatchSize?: number;
  /** Filled with the leases this drain holds (delivery id → lease end), so a stopping worker can release them. */
  held?: Map<string, string>;
  /**
   * The key of the draining worker's identity lock (worker-identity.ts), named by every lease it takes:
   * once the lock is gone (the worker died) its leases are free at once. Without one, leases last until they run out.
   */
  workerKey?: number;
  /**
   * True while request work presses on this process (the inline worker's request-pressure.ts): the
   * drain then gives way, with fewer attempts in flight, smaller fan-out batches and a pause before
   * each claim and batch; it never stops, so deliveries go on under any load.
   */
  yieldTo?: () => boolean;
}

export interface DrainCounts {
  claimed: number;
  succeeded: number;
  retried: number;
  failed: number;
}

/**
 * Group commit for one drain: outcomes that finish while a write is in flight go out together in the
 * next one, so under load one statement records many deliveries and a lone outcome is written at once.
 */
function outcomeRecorder(db: Db) {
  const queue: (RecordItem & { resolve: (isRecorded: boolean) => void; reject: (error: unknown) => void })[] = [];
  let flushing: Promise<void> | undefined;
  const flush = async () => {
    while (queue.length) {
      const batch = queue.splice(0, 200);
      try {
        const recorded = await recordOutcomes(db, batch);
        for (const item of batch) item.resolve(recorded.has(item.claimed.deliveryId));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
  };
  const start = () => {
    flushing ??= flush().finally(() => {
      flushing = undefined;
      if (queue.length) start();
    });
  };
  return (item: RecordItem) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ ...item, resolve, reject });
      start();
    });
}

/**
 * Sends every due delivery it can claim until none is due or the time budget is spent. Safe to run
 * concurrently from any number of processes.
 */
const delay = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds).unref?.());

export async function drainDueDeliveries(db: Db, options: DrainOptions = {}): Promise<DrainCounts> {
  const env = getEnv();
  const concurrency = Math.max(1, options.concurrency ?? env.webhookWorkerConcurrency);
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + LEASE_MARGIN_MS;
  const retryBaseSeconds = options.retryBaseSeconds ?? env.webhookRetryBaseSeconds;
  const allowLoopbackHttp = options.allowLoopbackHttp ?? env.appEnv === "development";
  const random = options.random ?? Math.random;
  const clock = options.clock ?? systemClock;
  const deadline = Date.now() + (options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);

  const counts: DrainCounts = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
  const inFlight = new Set<Promise<void>>();
  let isDrained = false;
  let hasRecordedSinceDrained = false;
  let pollAt = 0;

  const record = outcomeRecorder(db);

  // Recover requests are marked a batch at a time: at the start, and again whenever the queue runs
  // short while the last batch was full.
  let hasMoreRecovery = true;
  const recoveryBatchSize = options.recoveryBatchSize ?? RECOVERY_BATCH;
  const markRecovery = async (): Promise<number> => {
    try {
      const marked = await markRecoveredDeliveries(db, clock.now(), recoveryBatchSize);
      hasMoreRecovery = marked === recoveryBatchSize;
      return marked;
    } catch (error) {
      hasMoreRecovery = false;
      getLogger().error({ err: error }, "webhook recover requests not marked");
      return 0;
    }
  };
  await markRecovery();

  // Events are fanned out one batch before each claim while batches find work, and otherwise looked
  // for again every FAN_OUT_POLL_MS: new events arrive while a long drain runs.
  let hasMoreFanOut = true;
  let fanOutCheckAt = 0;
  const fanOut = async (isYielding: boolean): Promise<number> => {
    fanOutCheckAt = Date.now() + FAN_OUT_POLL_MS;
    const batchRows = isYielding ? Math.min(options.fanOutBatchRows ?? FAN_OUT_BATCH_ROWS, YIELDING_FAN_OUT_ROWS) : options.fanOutBatchRows;
    try {
      const batch = await fanOutEvents(db, { now: clock.now(), batchRows });
      hasMoreFanOut = Boolean(batch?.eventIds.length);
      return batch?.deliveries ?? 0;
    } catch (error) {
      hasMoreFanOut = false;
      getLogger().error({ err: error }, "webhook events not fanned out");
      return 0;
    }
  };

  const attempt = async (claimed: ScheduledDelivery) => {
    try {
      const outcome = await sendDelivery(claimed, { timeoutMs, allowLoopbackHttp, clock });
      // Before the outcome frees the slot, so the next claim already sees the circuit this attempt moved.
      // A test delivery leaves every endpoint state alone, the circuit included.
      if (!claimed.isTest) {
        await recordCircuitOutcome(db, claimed, outcome, { baseCooldownMs: options.circuitCooldownMs, now: clock.now() }).catch((error: unknown) => {
          getLogger().error({ err: error, endpointId: claimed.endpointId }, "webhook circuit not updated");
        });
      }
      const now = clock.now();
      const transition = claimed.isManual
        ? nextManualAttemptState(claimed, outcome, { now })
        : nextDeliveryState(claimed, outcome, { now, retryBaseSeconds, random });
      const effective = claimed.isTest ? withoutEndpointEffect(transition) : transition;
      recordWebhookAttempt(effective.result, (outcome.durationMs ?? 0) / 1000);
      // Terminal failures change the endpoint's counter and are written alone; the rest are grouped.
      const isRecorded =
        effective.endpoint.type === "increment"
          ? await recordOutcome(db, claimed, effective, now, outcome, (noticeIds) => void mailNotices(db, noticeIds))
          : await record({ claimed, transition: effective, now, outcome });
      if (isRecorded && effective.result !== "unchanged") counts[effective.result] += 1;
    } catch (error) {
      // The lease runs out and the delivery is attempted again: at-least-once, never lost.
      getLogger().error({ err: error, deliveryId: claimed.deliveryId }, "webhook delivery could not be recorded");
    } finally {
      options.held?.delete(claimed.deliveryId);
      hasRecordedSinceDrained = true;
    }
  };

  try {
    for (;;) {
      const isYielding = options.yieldTo?.() ?? false;
      const slots = isYielding ? Math.min(concurrency, YIELDING_CONCURRENCY) : concurrency;
      // While requests press, each batch and claim waits a moment first: the requests' own I/O and
      // callbacks run in between, and the worker's share of the event loop stays small.
      const giveWay = () => (isYielding ? delay(YIELD_PAUSE_MS) : undefined);
      const hasTime = Date.now() < deadline && !options.signal?.aborted;
      if (hasTime && (hasMoreFanOut || Date.now() >= fanOutCheckAt)) {
        await giveWay();
        if ((await fanOut(isYielding)) > 0) isDrained = false;
      }
      // Once a claim came back short (nothing more due, or every due endpoint at its bounds), claim
      // again when an outcome freed a slot. And whenever a slot is free, look again after a short
      // poll: slots held by slow or silent receivers must not keep another organization's new work waiting.
      // Under load, refill when half the slots are free: about one claim per slots/2 deliveries.
      const hasFreeSlot = inFlight.size < slots;
      const isPollDue = hasFreeSlot && Date.now() >= pollAt;
      const shouldClaim = hasTime && (isPollDue || (isDrained ? hasFreeSlot && hasRecordedSinceDrained : inFlight.size <= Math.floor(slots / 2)));
      if (shouldClaim) {
        await giveWay();
        const wanted = slots - inFlight.size;
        const batch = await claimDueDeliveries(db, { limit: wanted, leaseMs, limits: options.limits, now: clock.now(), workerKey: options.workerKey });
        pollAt = Date.now() + DRAINED_POLL_MS;
        counts.claimed += batch.length;
        isDrained = batch.length < wanted;
        if (isDrained && hasMoreRecovery && (await markRecovery()) > 0) isDrained = false;
        hasRecordedSinceDrained = false;
        for (const claimed of batch) {
          options.held?.set(claimed.deliveryId, claimed.leaseUntil);
          const task: Promise<void> = attempt(claimed).finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
      }
      if (inFlight.size === 0) {
        if (!hasTime || (isDrained && !hasRecordedSinceDrained && !hasMoreFanOut)) break;
        continue;
      }
      await Promise.race(inFlight.size < slots ? [...inFlight, delay(Math.max(0, pollAt - Date.now()))] : inFlight);
    }
  } finally {
    await Promise.all(inFlight);
  }
  return counts;
}
