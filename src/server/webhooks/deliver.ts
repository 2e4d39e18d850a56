// Drains due deliveries: claim a batch under a lease, send with bounded concurrency, record each
// outcome. Any number of workers (processes, instances, the cron route) may drain at once: a delivery
// is held by one lease at a time, and an outcome is written only while its lease is still held, so a
// worker that dies mid-attempt loses nothing (the lease runs out and another worker sends it again).
// Per delivery: a share of one claim statement and of one grouped outcome statement; a terminal
// failure, which also counts against its endpoint, is written by a statement of its own.
import { getEnv } from "@/env";
import { Prisma, type Db, type DbClient } from "@/server/db";
import { systemClock, type Clock } from "@/server/webhooks/clock";
import { claimDueDeliveries, type ClaimLimits, type ScheduledDelivery } from "@/server/webhooks/claim";
import { recordCircuitOutcome } from "@/server/webhooks/circuit";
import { DEFAULT_ATTEMPT_TIMEOUT_MS, sendDelivery, type DeliveryRequest } from "@/server/webhooks/send";
import { newId } from "@/server/lib/ids";
import {
  DISABLE_AFTER_CONSECUTIVE_FAILURES,
  nextDeliveryState,
  nextManualAttemptState,
  withoutEndpointEffect,
  type AttemptOutcome,
  type Transition,
} from "@/server/webhooks/state";
import { mailNotices } from "@/server/operations/mail";
import { recordWebhookAttempt } from "@/server/operations/metrics";
import { markRecoveredDeliveries, RECOVERY_BATCH } from "@/server/webhooks/recovery";

/** How long one drain keeps claiming new deliveries; in-flight attempts then finish (at most one timeout more). */
export const DEFAULT_TIME_BUDGET_MS = 25_000;
/** Beyond the attempt timeout, time left for writing the outcome before another worker may take the delivery. */
export const LEASE_MARGIN_MS = 30_000;
/** While a slot is free and attempts are in flight, look for newly due work this often. */
export const DRAINED_POLL_MS = 100;

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
  /** Filled with the leases this drain holds (delivery id → lease end), so a stopping worker can release them. */
  held?: Map<string, string>;
}

export interface DrainCounts {
  claimed: number;
  succeeded: number;
  retried: number;
  failed: number;
}

export interface ClaimedDelivery extends DeliveryRequest {
  endpointId: string;
  /** Attempts made before this claim, manual ones included. */
  attempts: number;
  /** A requested manual attempt (resend, recover); absent means scheduled. */
  isManual?: boolean;
  /** The claim's lease end (ISO); doubles as the claim's token when the outcome is written. */
  leaseUntil: string;
}

// Timestamps travel as ISO strings cast to timestamp(3): the columns hold UTC without a zone, as Prisma writes them.
const at = (date: Date) => Prisma.sql`${date.toISOString()}::timestamp(3)`;

/** consecutiveFailures at which an endpoint's admins get a `webhook_failing` notice. */
export const FAILING_NOTICE_AT = [5, 10, 15];

function endpointUpdate(transition: Transition, now: Date): Prisma.Sql {
  const lastError = transition.delivery.lastError;
  const effect = transition.endpoint;
  if (effect.type === "none") return Prisma.empty;
  if (effect.type === "reset") {
    // Skipped when already 0, so successes to one endpoint do not queue on its row lock.
    return Prisma.sql`, endpoint AS (
      UPDATE "WebhookEndpoint" AS e SET "consecutiveFailures" = 0, "updatedAt" = ${at(now)}
      FROM recorded WHERE e."id" = recorded."endpointId" AND e."consecutiveFailures" <> 0
      RETURNING e."id")`;
  }
  // Incremented and compared in SQL on the locked row: concurrent failures never lose a count.
  const isDisabling = Prisma.sql`(${effect.disableNow}::boolean OR e."consecutiveFailures" + 1 >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES}::int)`;
  // The failure notices (app-api section 8) are written by the same statement, from the counted row:
  // exactly one statement reaches 5, 10 or 15, and exactly one disables the endpoint.
  return Prisma.sql`, endpoint AS (
    UPDATE "WebhookEndpoint" AS e SET
      "consecutiveFailures" = e."consecutiveFailures" + 1,
      "isActive" = e."isActive" AND NOT ${isDisabling},
      "disabledAt" = CASE WHEN e."isActive" AND ${isDisabling} THEN ${at(now)} ELSE e."disabledAt" END,
      "updatedAt" = ${at(now)}
    FROM recorded WHERE e."id" = recorded."endpointId"
    RETURNING e."id", e."organizationId", e."url", e."consecutiveFailures", e."isActive",
      NOT e."isActive" AND e."disabledAt" = ${at(now)} AS "isDisabledNow"
  ), notice AS (
    INSERT INTO "Notification" ("id", "organizationId", "kind", "endpointId", "endpointUrl", "consecutiveFailures", "reason", "lastError", "createdAt")
    SELECT ${newId("ntf")}, e."organizationId",
      (CASE WHEN e."isDisabledNow" THEN 'webhook_disabled' ELSE 'webhook_failing' END)::"NotificationKind",
      e."id", e."url", e."consecutiveFailures",
      CASE WHEN e."isDisabledNow" THEN (CASE WHEN ${effect.disableNow}::boolean THEN 'gone' ELSE 'consecutive_failures' END) END,
      ${lastError}::text, ${at(now)}
    FROM endpoint e
    WHERE e."isDisabledNow" OR (e."isActive" AND e."consecutiveFailures" IN (${Prisma.join(FAILING_NOTICE_AT)}))
    RETURNING "id")`;
}

/**
 * Writes an attempt's outcome and its endpoint effect in one statement (one transaction), only if the
 * claim still holds: same lease, same attempt count, still pending. False when the lease was lost.
 */
export async function recordOutcome(
  db: DbClient,
  claimed: ClaimedDelivery,
  transition: Transition,
  now: Date,
  outcome?: AttemptOutcome,
  /** Called with the ids of the failure notices the statement wrote (to mail them). */
  onNotices?: (noticeIds: string[]) => void,
): Promise<boolean> {
  const next = transition.delivery;
  const attempt = attemptRow({ claimed, transition, now, outcome });
  const rows = await db.$queryRaw<{ recorded: number; notices: string[] | null }[]>`
    WITH recorded AS (
      UPDATE "WebhookDelivery" SET
        "status" = ${next.status}::"DeliveryStatus",
        "attempts" = ${next.attempts}::int,
        "manualAttempts" = ${next.manualAttempts}::int,
        "nextAttemptAt" = ${next.nextAttemptAt ? at(next.nextAttemptAt) : Prisma.sql`"nextAttemptAt"`},
        "leaseUntil" = NULL,
        "lastStatusCode" = ${next.lastStatusCode}::int,
        "lastError" = ${next.lastError}::text,
        "lastAttemptAt" = ${at(next.lastAttemptAt)},
        "completedAt" = ${next.completedAt ? at(next.completedAt) : Prisma.sql`NULL`}
      WHERE "id" = ${claimed.deliveryId}
        AND "status" = 'pending'
        AND "attempts" = ${claimed.attempts}::int
        AND "leaseUntil" = ${claimed.leaseUntil}::timestamp(3)
      RETURNING "id", "organizationId", "endpointId"
    ), attempt AS (
      INSERT INTO "WebhookAttempt" ("id", "organizationId", "endpointId", "deliveryId", "number", "trigger", "startedAt", "durationMs", "statusCode", "responseBody", "error")
      SELECT ${attempt.attemptId}, r."organizationId", r."endpointId", r."id", ${attempt.number}::int, ${attempt.trigger}::"AttemptTrigger",
        ${attempt.startedAt}::timestamp(3), ${attempt.durationMs}::int, ${attempt.statusCode}::int, ${attempt.responseBody}::text, ${attempt.attemptError}::text
      FROM recorded r
    )${endpointUpdate(transition, now)}
    SELECT (SELECT count(*)::int FROM recorded) AS "recorded",
      ${transition.endpoint.type === "increment" ? Prisma.sql`(SELECT array_agg("id") FROM notice)` : Prisma.sql`NULL::text[]`} AS "notices"`;
  const [row] = rows;
  if (row?.notices?.length) onNotices?.(row.notices);
  return row?.recorded === 1;
}

export interface RecordItem {
  claimed: ClaimedDelivery;
  transition: Transition;
  now: Date;
  /** The attempt as sent (its log row); tests that only exercise the state may leave it out. */
  outcome?: AttemptOutcome;
}

/** The attempt log row of an outcome, written by the statement that records the outcome. */
function attemptRow({ claimed, transition, now, outcome }: RecordItem) {
  const startedAt = outcome?.attemptedAt ?? transition.delivery.lastAttemptAt;
  return {
    attemptId: newId("att"),
    number: transition.delivery.attempts,
    trigger: claimed.isManual ? "manual" : "scheduled",
    startedAt: startedAt.toISOString(),
    durationMs: outcome?.durationMs ?? Math.max(0, now.getTime() - startedAt.getTime()),
    statusCode: outcome?.statusCode ?? transition.delivery.lastStatusCode,
    responseBody: outcome?.responseBody ?? null,
    attemptError: outcome ? (outcome.failure ?? null) : transition.delivery.lastError,
  };
}

/** The delivery's columns after a transition, as the grouped statement's JSON input carries them. */
function deliveryColumns(delivery: Transition["delivery"]) {
  return {
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    lastAttemptAt: delivery.lastAttemptAt.toISOString(),
    completedAt: delivery.completedAt?.toISOString() ?? null,
  };
}

/**
 * Writes many outcomes in one statement (one transaction), each only if its claim still holds.
 * Only for outcomes whose endpoint effect is none or a reset: resets are idempotent, so several rows
 * of one endpoint in a batch are harmless. Counter increments go through `recordOutcome`, one by one.
 * Returns the ids that were written. Rows are found by primary key (the id list, whose size the
 * planner knows) and matched on their lease: only pending rows are ever leased and every outcome
 * clears the lease, so a held lease also means the row is still pending.
 */
export async function recordOutcomes(db: DbClient, items: readonly RecordItem[]): Promise<Set<string>> {
  if (!items.length) return new Set();
  if (items.some((item) => item.transition.endpoint.type === "increment")) throw new Error("recordOutcomes takes no counter increments");
  const rows = items.map((item) => ({
    ...attemptRow(item),
    id: item.claimed.deliveryId,
    leaseUntil: item.claimed.leaseUntil,
    attemptsBefore: item.claimed.attempts,
    isManual: item.claimed.isManual ?? false,
    isStateKept: item.transition.delivery.isStateKept ?? false,
    manualAttempts: item.transition.delivery.manualAttempts,
    ...deliveryColumns(item.transition.delivery),
    isReset: item.transition.endpoint.type === "reset",
  }));

  const now = items.reduce((latest, item) => (item.now > latest ? item.now : latest), items[0]!.now);
  const recorded = await db.$queryRaw<{ id: string }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(
        "id" text, "leaseUntil" text, "attemptsBefore" int, "isManual" boolean, "isStateKept" boolean, "manualAttempts" int,
        "status" text, "attempts" int, "nextAttemptAt" text, "lastStatusCode" int, "lastError" text, "lastAttemptAt" text,
        "completedAt" text, "isReset" boolean, "attemptId" text, "number" int, "trigger" text, "startedAt" text, "durationMs" int,
        "statusCode" int, "responseBody" text, "attemptError" text)
    ), recorded AS (
      -- A failed manual attempt (isStateKept) changes only the attempt counts and clears its request.
      UPDATE "WebhookDelivery" AS d SET
        "status" = CASE WHEN i."isStateKept" THEN d."status" ELSE i."status"::"DeliveryStatus" END,
        "attempts" = i."attempts",
        "manualAttempts" = i."manualAttempts",
        "manualAttemptRequestedAt" = CASE WHEN i."isManual" THEN NULL ELSE d."manualAttemptRequestedAt" END,
        "nextAttemptAt" = CASE WHEN i."isStateKept" THEN d."nextAttemptAt" ELSE COALESCE(i."nextAttemptAt"::timestamp(3), d."nextAttemptAt") END,
        "leaseUntil" = NULL,
        "lastStatusCode" = CASE WHEN i."isStateKept" THEN d."lastStatusCode" ELSE i."lastStatusCode" END,
        "lastError" = CASE WHEN i."isStateKept" THEN d."lastError" ELSE i."lastError" END,
        "lastAttemptAt" = CASE WHEN i."isStateKept" THEN d."lastAttemptAt" ELSE i."lastAttemptAt"::timestamp(3) END,
        "completedAt" = CASE WHEN i."isStateKept" THEN d."completedAt" ELSE i."completedAt"::timestamp(3) END
      FROM input i
      WHERE d."id" = i."id"
        AND d."id" = ANY(${rows.map((row) => row.id)}::text[])
        AND d."attempts" = i."attemptsBefore"
        AND d."leaseUntil" = i."leaseUntil"::timestamp(3)
      RETURNING d."id", d."organizationId", d."endpointId", i."isReset"
    ), attempt AS (
      INSERT INTO "WebhookAttempt" ("id", "organizationId", "endpointId", "deliveryId", "number", "trigger", "startedAt", "durationMs", "statusCode", "responseBody", "error")
      SELECT i."attemptId", r."organizationId", r."endpointId", r."id", i."number", i."trigger"::"AttemptTrigger", i."startedAt"::timestamp(3),
        i."durationMs", i."statusCode", i."responseBody", i."attemptError"
      FROM recorded r JOIN input i ON i."id" = r."id"
    ), locked AS (
      -- Endpoint rows are locked in id order, so two workers resetting the same endpoints cannot deadlock.
      SELECT e."id" FROM "WebhookEndpoint" e
      WHERE e."id" IN (SELECT "endpointId" FROM recorded WHERE "isReset") AND e."consecutiveFailures" <> 0
      ORDER BY e."id"
      FOR UPDATE
    ), endpoint AS (
      UPDATE "WebhookEndpoint" AS e SET "consecutiveFailures" = 0, "updatedAt" = ${at(now)}
      FROM locked WHERE e."id" = locked."id"
      RETURNING e."id"
    )
    SELECT "id" FROM recorded`;
  return new Set(recorded.map((row) => row.id));
}

/**
 * Gives back leases this process still holds (a stopping worker past its grace period): each row only
 * if its lease is still the one taken, so an outcome already written or a lease already lapsed and
 * retaken elsewhere is left alone. Another instance can claim them at once instead of after the lease.
 */
export async function releaseLeases(db: DbClient, held: ReadonlyMap<string, string>): Promise<number> {
  if (!held.size) return 0;
  const rows = [...held].map(([id, leaseUntil]) => ({ id, leaseUntil }));
  return db.$executeRaw`
    UPDATE "WebhookDelivery" AS d SET "leaseUntil" = NULL
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i("id" text, "leaseUntil" text)
    WHERE d."id" = i."id" AND d."id" = ANY(${rows.map((row) => row.id)}::text[]) AND d."leaseUntil" = i."leaseUntil"::timestamp(3)`;
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
  // Refill when half the slots are free: about one claim per concurrency/2 deliveries under load.
  const refillAt = Math.floor(concurrency / 2);

  const counts: DrainCounts = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
  const inFlight = new Set<Promise<void>>();
  let isDrained = false;
  let hasRecordedSinceDrained = false;
  let pollAt = 0;

  const record = outcomeRecorder(db);

  // Recover requests are marked a batch at a time: at the start, and again whenever the queue runs
  // short while the last batch was full.
  let hasMoreRecovery = true;
  const markRecovery = async (): Promise<number> => {
    try {
      const marked = await markRecoveredDeliveries(db, clock.now());
      hasMoreRecovery = marked === RECOVERY_BATCH;
      return marked;
    } catch (error) {
      hasMoreRecovery = false;
      console.error(`[orbit] webhook recover requests not marked: ${(error as Error).message}`);
      return 0;
    }
  };
  await markRecovery();

  const attempt = async (claimed: ScheduledDelivery) => {
    try {
      const outcome = await sendDelivery(claimed, { timeoutMs, allowLoopbackHttp, clock });
      // Before the outcome frees the slot, so the next claim already sees the circuit this attempt moved.
      // A test delivery leaves every endpoint state alone, the circuit included.
      if (!claimed.isTest) {
        await recordCircuitOutcome(db, claimed, outcome, { baseCooldownMs: options.circuitCooldownMs, now: clock.now() }).catch((error: unknown) => {
          console.error(`[orbit] webhook circuit of endpoint ${claimed.endpointId} not updated: ${(error as Error).message}`);
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
      console.error(`[orbit] webhook delivery ${claimed.deliveryId} could not be recorded: ${(error as Error).message}`);
    } finally {
      options.held?.delete(claimed.deliveryId);
      hasRecordedSinceDrained = true;
    }
  };

  try {
    for (;;) {
      const hasTime = Date.now() < deadline && !options.signal?.aborted;
      // Once a claim came back short (nothing more due, or every due endpoint at its bounds), claim
      // again when an outcome freed a slot. And whenever a slot is free, look again after a short
      // poll: slots held by slow or silent receivers must not keep another organization's new work waiting.
      const hasFreeSlot = inFlight.size < concurrency;
      const isPollDue = hasFreeSlot && Date.now() >= pollAt;
      const shouldClaim = hasTime && (isPollDue || (isDrained ? hasFreeSlot && hasRecordedSinceDrained : inFlight.size <= refillAt));
      if (shouldClaim) {
        const wanted = concurrency - inFlight.size;
        const batch = await claimDueDeliveries(db, { limit: wanted, leaseMs, limits: options.limits, now: clock.now() });
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
        if (!hasTime || (isDrained && !hasRecordedSinceDrained)) break;
        continue;
      }
      await Promise.race(inFlight.size < concurrency ? [...inFlight, delay(Math.max(0, pollAt - Date.now()))] : inFlight);
    }
  } finally {
    await Promise.all(inFlight);
  }
  return counts;
}
