// The in-process delivery loop (WEBHOOK_WORKER=inline): drains every second, and at once when a
// transaction that queued deliveries commits (NOTIFY on DELIVERY_CHANNEL, which also reaches the
// other instances on PostgreSQL). One drain at a time per process; other processes coordinate through
// the claim leases. The drains give way to this process's requests while they press on its event loop
// (load/request-pressure.ts): fewer attempts in flight, smaller fan-out batches, a pause between.
// The worker has an identity (worker-identity.ts) named by every lease it takes, so that when it dies
// its attempts stop counting against its organizations' and endpoints' bounds at once.
import { getEnv } from "@/env";
import { getDatabase, type Database } from "@/server/db";
import { drainDueDeliveries, type DrainOptions } from "@/server/webhooks/deliver";
import { releaseLeases } from "@/server/webhooks/record";
import { systemClock, type Clock } from "@/server/webhooks/clock";
import { DELIVERY_CHANNEL } from "@/server/webhooks/events";
import { EMBEDDED_FAN_OUT_BATCH_ROWS } from "@/server/webhooks/fan-out";
import { pruneWebhookHistory } from "@/server/webhooks/retention";
import { pruneSessions } from "@/server/lib/session-retention";
import { getLogger } from "@/server/operations/logger";
import { isRequestWorkPressing } from "@/server/load/request-pressure";
import { asBackground } from "@/server/load/database-turns";
import { processState } from "@/server/process-state";
import { takeWorkerIdentity, type WorkerIdentity } from "@/server/webhooks/worker-identity";

export const DEFAULT_WORKER_INTERVAL_MS = 1_000;
/** How often the worker prunes one batch of old attempts and events (retention.ts). */
export const PRUNE_INTERVAL_MS = 60_000;

export interface WorkerOptions {
  /** Fallback polling period; retries come due without a notification. */
  intervalMs?: number;
  /** The worker sets the drains' clock, abort signal and held leases itself (and, unless given, yieldTo). */
  drain?: Omit<DrainOptions, "clock" | "signal" | "held">;
  /** The drains' and retention's time (clock.ts); the system clock unless given. */
  clock?: Clock;
}

/** Calling it stops the worker: no new claims; resolves once the attempts in flight are recorded. */
export interface DeliveryWorker {
  (): Promise<void>;
  /** Resolves once the worker listens for notifications (or gave up and relies on polling). */
  ready: Promise<void>;
  /** Gives back the leases of attempts still in flight (shutdown past its grace period); resolves to how many. */
  releaseHeld: () => Promise<number>;
  /** Resolves once the drain running now (if any) is over, its re-runs included. */
  idle: () => Promise<void>;
}

export function startDeliveryWorker(database: Database, options: WorkerOptions = {}): DeliveryWorker {
  let isStopped = false;
  const held = new Map<string, string>();
  let isRerunRequested = false;
  let current: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  const stopping = new AbortController();
  const clock = options.clock ?? systemClock;
  // Smaller fan-out batches on the embedded database: each holds its one connection while it runs (fan-out.ts).
  const fanOutBatchRows = database.kind === "pglite" ? EMBEDDED_FAN_OUT_BATCH_ROWS : undefined;

  let identity: WorkerIdentity | undefined;
  let identityKey: number | undefined;
  /**
   * This worker's identity, taken at its first drain and again (the same key) after its lock's
   * connection was lost. Undefined while the database refuses it: the drain's leases then last until
   * they run out, as leases without a holder do.
   */
  const currentIdentity = async (): Promise<WorkerIdentity | undefined> => {
    if (identity && !identity.lost.aborted) return identity;
    identity = await takeWorkerIdentity(database, identityKey).catch((error: unknown) => {
      getLogger().warn({ err: error }, "webhook worker: no identity lock; its leases last until they run out");
      return undefined;
    });
    identityKey = identity?.key ?? identityKey;
    return identity;
  };

  const drainLoop = async () => {
    do {
      isRerunRequested = false;
      try {
        const own = await currentIdentity();
        // Its lock lost, the worker counts as dead to the others: it claims nothing more under that key.
        const signal = own ? AbortSignal.any([stopping.signal, own.lost]) : stopping.signal;
        // No time budget: a drain that ended would wait for its slowest attempts before the next one claims.
        await drainDueDeliveries(database.prisma, {
          timeBudgetMs: Number.POSITIVE_INFINITY,
          fanOutBatchRows,
          yieldTo: isRequestWorkPressing,
          ...options.drain,
          clock,
          signal,
          held,
          workerKey: own?.key,
        });
      } catch (error) {
        getLogger().error({ err: error }, "webhook worker: drain failed");
      }
    } while (isRerunRequested && !isStopped);
  };

  /** A notification during a drain asks for one more pass (its rows may have been committed after the last claim); a tick does not. */
  const wake = (isNotified: boolean) => {
    if (isStopped) return;
    if (current) {
      if (isNotified) isRerunRequested = true;
      return;
    }
    // The drains' statements take turns on the embedded database as background work (load/database-turns.ts).
    current = asBackground(drainLoop).finally(() => {
      current = undefined;
    });
  };

  const timer = setInterval(() => wake(false), options.intervalMs ?? DEFAULT_WORKER_INTERVAL_MS);
  const pruneTimer = setInterval(() => {
    asBackground(() => pruneWebhookHistory(database.prisma, { retentionDays: getEnv().webhookRetentionDays, now: clock.now() })).catch((error: unknown) => {
      getLogger().error({ err: error }, "webhook worker: retention failed");
    });
    // Ended sessions go on the same beat, a bounded batch at a time.
    asBackground(() => pruneSessions(database.prisma, { now: clock.now() })).catch((error: unknown) => {
      getLogger().error({ err: error }, "webhook worker: session pruning failed");
    });
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref?.();
  const ready = database
    .listen(DELIVERY_CHANNEL, () => wake(true))
    .then(async (stopListening) => {
      if (isStopped) await stopListening();
      else unlisten = stopListening;
    })
    .catch((error: unknown) => {
      getLogger().error({ err: error }, "webhook worker: LISTEN failed, polling only");
    });
  wake(false);

  const stop = async () => {
    isStopped = true;
    stopping.abort();
    clearInterval(timer);
    clearInterval(pruneTimer);
    await ready;
    await unlisten?.();
    await current;
    await identity?.release().catch(() => {});
  };
  return Object.assign(stop, { ready, releaseHeld: () => releaseLeases(database.prisma, held), idle: async () => void (await current) });
}

const inlineWorker = processState("inlineDeliveryWorker", () => ({ started: undefined as Promise<DeliveryWorker | undefined> | undefined }));

/** Starts this server's worker once (dev reloads included) when WEBHOOK_WORKER=inline; resolves to it. */
export function startInlineDeliveryWorker(): Promise<DeliveryWorker | undefined> {
  if (getEnv().webhookWorker !== "inline") return Promise.resolve(undefined);
  inlineWorker.started ??= (async () => {
    const worker = startDeliveryWorker(await getDatabase());
    await worker.ready;
    getLogger().info("webhook worker started");
    return worker;
  })().catch((error: unknown) => {
    getLogger().error({ err: error }, "webhook worker did not start");
    inlineWorker.started = undefined;
    return undefined;
  });
  return inlineWorker.started;
}
