"use client";
// The offline queue at work (src/lib/offline-queue.ts): manual entries, and the timer's Start and Stop
// with the click's own instant, are sent at once when the browser is online and nothing waits; offline,
// or when the outcome is unknown (no answer, 5xx, 429), they are kept in this browser under the
// person's id and sent, in order and with their clientSessionId, when the connection returns, when
// "Sync now" is pressed, and every half minute while something waits. One engine per person per tab,
// shared by every component, so two Stop buttons never send twice at once.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { useAccount } from "@/components/ui/use-account";
import { isFinalRefusal, LEGACY_QUEUE_KEY, OfflineQueue, queueKey, refusedEntryIndexes, syncEntryOf, type QueuedEntry, type QueuedItem, type TimerFields } from "@/lib/offline-queue";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC, useTRPCClient } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";

export type SubmitOutcome = "synced" | "queued";
type RunningTimer = NonNullable<RouterOutputs["timers"]["current"]>;

const RETRY_EVERY_MS = 30_000;

export interface Refusal {
  /** What was refused, in words: the entry's description, or "Timer start" / "Timer stop". */
  label: string;
  error: DisplayError;
}

interface Snapshot {
  pendingCount: number;
  isSyncing: boolean;
  refused: Refusal[];
}

/** How the engine reaches the server and the page; refreshed by every render of the hook. */
interface Transport {
  syncEntries: (entries: QueuedEntry[]) => Promise<unknown>;
  startTimer: (input: TimerFields & { startedAt: string }) => Promise<RunningTimer>;
  stopTimer: (input: { stoppedAt: string; clientSessionId: string }) => Promise<unknown>;
  showTimer: (timer: RunningTimer | null) => Promise<void>;
  afterCommit: () => Promise<void>;
}

const labelOf = (item: QueuedItem) => (item.kind === "start" ? "Timer start" : item.kind === "stop" ? "Timer stop" : item.description || "Untitled entry");

class OfflineSyncEngine {
  private snapshot: Snapshot;
  private readonly listeners = new Set<() => void>();
  private isFlushing = false;
  transport: Transport | null = null;

  constructor(readonly queue: OfflineQueue) {
    this.snapshot = { pendingCount: queue.items().length, isSyncing: false, refused: [] };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  update(patch: Partial<Snapshot> = {}) {
    this.snapshot = { ...this.snapshot, ...patch, pendingCount: this.queue.items().length };
    for (const listener of this.listeners) listener();
  }

  get isBusy(): boolean {
    return this.isFlushing || this.queue.items().length > 0;
  }

  /** Sends what waits, oldest first; stops at the first unknown outcome, keeping that item. */
  async flush(): Promise<void> {
    const transport = this.transport;
    if (!transport || this.isFlushing || !navigator.onLine || this.queue.items().length === 0) return;
    this.isFlushing = true;
    this.update({ isSyncing: true });
    let hasCommitted = false;
    const refused: Refusal[] = [];
    try {
      for (let batch = this.queue.next(); batch.length > 0; batch = this.queue.next()) {
        const head = batch[0]!;
        try {
          if (head.kind === "entry") {
            // The sync is all-or-nothing: every entry of the batch is committed or was already.
            await transport.syncEntries(batch.map((item) => syncEntryOf(item as Extract<QueuedItem, { kind: "entry" }>)));
          } else if (head.kind === "start") {
            this.queue.markSent(head.clientSessionId);
            await transport.startTimer({ ...head.fields, startedAt: head.startedAt });
          } else {
            await transport.stopTimer({ stoppedAt: head.stoppedAt, clientSessionId: head.clientSessionId });
          }
          this.queue.remove(batch.map((item) => item.clientSessionId));
          hasCommitted = true;
        } catch (caught) {
          const error = describeError(caught);
          if (!isFinalRefusal(error.code)) break;
          // A batch of entries: drop those the error names (none named: the whole batch is refused).
          const indexes = head.kind === "entry" && error.code === "validation_error" ? refusedEntryIndexes(error.details) : [];
          const dropped = indexes.length ? indexes.map((index) => batch[index]).filter((item): item is QueuedItem => item !== undefined) : batch;
          this.queue.remove(dropped.map((item) => item.clientSessionId));
          hasCommitted = true;
          // A replayed start meeting a running timer, or a stop meeting none, has already happened.
          if (error.code === "conflict" && head.kind !== "entry") continue;
          refused.push(...dropped.map((item) => ({ label: labelOf(item), error })));
        }
      }
    } finally {
      this.isFlushing = false;
      this.update({ isSyncing: false, refused: [...this.snapshot.refused, ...refused] });
      if (hasCommitted) await transport.afterCommit();
    }
  }
}

const engines = new Map<string, OfflineSyncEngine>();

function engineFor(userId: string): OfflineSyncEngine {
  let engine = engines.get(userId);
  if (!engine) {
    // Written before queues were kept per person, so nobody's to send: dropped.
    window.localStorage.removeItem(LEGACY_QUEUE_KEY);
    engine = new OfflineSyncEngine(new OfflineQueue(window.localStorage, queueKey(userId)));
    engines.set(userId, engine);
  }
  return engine;
}

/** At logout: what waits for this person leaves the browser. */
export function clearOfflineQueue(userId: string): void {
  new OfflineQueue(window.localStorage, queueKey(userId)).clear();
  engines.get(userId)?.update({ refused: [] });
  engines.delete(userId);
}

const SERVER_SNAPSHOT: Snapshot = { pendingCount: 0, isSyncing: false, refused: [] };
const noEngine = { subscribe: () => () => {}, getSnapshot: () => SERVER_SNAPSHOT };

/**
 * Whether a start, stop or entry of this person waits in this browser (or is being sent): the timer
 * the page shows is then the click's, not yet the server's. Reads the engine only, with no side effects.
 */
export function useHasLocalChanges(): boolean {
  const userId = useAccount().user.id;
  const engine = useMemo(() => (typeof window === "undefined" ? null : engineFor(userId)), [userId]);
  const snapshot = useSyncExternalStore(engine?.subscribe ?? noEngine.subscribe, engine?.getSnapshot ?? noEngine.getSnapshot, noEngine.getSnapshot);
  return snapshot.pendingCount > 0 || snapshot.isSyncing;
}

export interface OfflineSync extends Snapshot {
  /** Saves and sends one manual entry; throws the server's refusal (for the form's fields). */
  submit: (entry: QueuedEntry) => Promise<SubmitOutcome>;
  /** Starts the timer at `at` (the click); offline it shows as running at once and starts when back. */
  startTimer: (fields: TimerFields, at?: Date) => Promise<SubmitOutcome>;
  /** Stops the timer at `at` (the click); throws the server's refusal. */
  stopTimer: (at?: Date) => Promise<SubmitOutcome>;
  /** Sends whatever waits. */
  flush: () => Promise<void>;
  dismissRefused: () => void;
}

export function useOfflineSync(): OfflineSync {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const invalidate = useTimeInvalidation();
  const userId = useAccount().user.id;
  const engine = useMemo(() => (typeof window === "undefined" ? null : engineFor(userId)), [userId]);
  const snapshot = useSyncExternalStore(engine?.subscribe ?? noEngine.subscribe, engine?.getSnapshot ?? noEngine.getSnapshot, noEngine.getSnapshot);

  if (engine) {
    engine.transport = {
      syncEntries: (entries) => client.timeLogs.sync.mutate({ entries }),
      startTimer: (input) => client.timers.start.mutate(input),
      stopTimer: (input) => client.timers.stop.mutate(input),
      showTimer: async (timer) => {
        // A read still on its way (from before the click) must not put back what the click changed.
        await queryClient.cancelQueries({ queryKey: trpc.timers.current.queryKey() });
        queryClient.setQueryData(trpc.timers.current.queryKey(), timer);
      },
      afterCommit: invalidate,
    };
  }

  /** Sends one item now when nothing waits before it; on an unknown outcome (or offline) it waits in the queue. */
  const sendOrQueue = useCallback(
    async (item: QueuedItem, send: () => Promise<void>, queue: () => void | Promise<void>): Promise<SubmitOutcome> => {
      if (!engine) throw new Error("The browser's storage is unavailable.");
      if (navigator.onLine && !engine.isBusy) {
        try {
          await send();
          await invalidate();
          return "synced";
        } catch (caught) {
          if (isFinalRefusal(describeError(caught).code)) throw caught;
          if (item.kind === "start") item.wasSent = true;
        }
      }
      await queue();
      engine.update();
      void engine.flush();
      return "queued";
    },
    [engine, invalidate],
  );

  const submit = useCallback(
    (entry: QueuedEntry) => {
      const item: QueuedItem = { kind: "entry", ...entry };
      return sendOrQueue(
        item,
        async () => void (await client.timeLogs.sync.mutate({ entries: [entry] })),
        () => engine!.queue.add(item),
      );
    },
    [client, engine, sendOrQueue],
  );

  const startTimer = useCallback(
    (fields: TimerFields, at: Date = new Date()) => {
      const item: Extract<QueuedItem, { kind: "start" }> = { kind: "start", clientSessionId: crypto.randomUUID(), startedAt: at.toISOString(), fields };
      return sendOrQueue(
        item,
        async () => engine!.transport!.showTimer(await client.timers.start.mutate({ ...fields, startedAt: item.startedAt })),
        async () => {
          engine!.queue.add(item);
          // Shown as running from the click; the server's own timer replaces it once sent.
          await engine!.transport!.showTimer({
            id: `pending:${item.clientSessionId}`,
            taskId: fields.taskId ?? null,
            customerId: fields.customerId ?? null,
            constellationId: fields.constellationId ?? null,
            description: fields.description ?? null,
            tags: fields.tags ?? [],
            isBillable: fields.isBillable ?? true,
            startedAt: item.startedAt,
          });
        },
      );
    },
    [client, engine, sendOrQueue],
  );

  const stopTimer = useCallback(
    (at: Date = new Date()) => {
      const clientSessionId = crypto.randomUUID();
      const item: QueuedItem = { kind: "stop", clientSessionId, stoppedAt: at.toISOString() };
      return sendOrQueue(
        item,
        async () => {
          await client.timers.stop.mutate({ stoppedAt: item.stoppedAt, clientSessionId });
          await engine!.transport!.showTimer(null);
        },
        async () => {
          engine!.queue.addStop(at, clientSessionId);
          await engine!.transport!.showTimer(null);
        },
      );
    },
    [client, engine, sendOrQueue],
  );

  const flush = useCallback(async () => engine?.flush(), [engine]);

  useEffect(() => {
    if (!engine) return;
    engine.update();
    void engine.flush();
    const onOnline = () => void engine.flush();
    // Another tab queued or synced.
    const onStorage = (event: StorageEvent) => event.key === queueKey(userId) && engine.update();
    const retry = setInterval(() => void engine.flush(), RETRY_EVERY_MS);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    return () => {
      clearInterval(retry);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("storage", onStorage);
    };
  }, [engine, userId]);

  return { ...snapshot, submit, startTimer, stopTimer, flush, dismissRefused: () => engine?.update({ refused: [] }) };
}
