// What the web app could not send yet, kept in localStorage under the signed-in person's id (another
// account signing in on this browser never sees it; logging out clears it) so it survives going
// offline, a failed request or a closed tab: manual entries, and timer starts and stops with the
// instant of the click. Each carries a clientSessionId made when it was queued: sending it again after
// an unknown outcome (no answer, 5xx, 429) can never make a second log.
import { MAX_LOG_SECONDS, MAX_SYNC_ENTRIES } from "@/lib/limits";

export interface QueuedEntry {
  clientSessionId: string;
  taskId?: string | null;
  customerId?: string | null;
  /** The project; omitted: the task's primary project. */
  constellationId?: string | null;
  description?: string | null;
  startedAt: string;
  endedAt?: string | null;
  durationSeconds: number;
  tags?: string[];
  isBillable?: boolean;
  /** `timer`: a timer started and stopped while offline, sent as one finished log. */
  source: "manual" | "timer";
}

/** A timer's details as Start sends them (omitted customer or project: the server derives them). */
export interface TimerFields {
  description?: string | null;
  taskId?: string | null;
  customerId?: string | null;
  constellationId?: string | null;
  tags?: string[];
  isBillable?: boolean;
}

export type QueuedItem =
  | ({ kind: "entry" } & QueuedEntry)
  /** `wasSent`: a request already left with it, so the server may hold the timer (it is never merged). */
  | { kind: "start"; clientSessionId: string; startedAt: string; fields: TimerFields; wasSent?: boolean }
  | { kind: "stop"; clientSessionId: string; stoppedAt: string };

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Before queues were kept per person: one list shared by every account of the browser, dropped unread. */
export const LEGACY_QUEUE_KEY = "orbit.pending-time-entries.v1";
export const queueKey = (userId: string) => `orbit.offline-queue.v2.${userId}`;

function isQueuedItem(value: unknown): value is QueuedItem {
  const item = value as Partial<Record<string, unknown>> | null;
  if (typeof item?.clientSessionId !== "string") return false;
  if (item.kind === "entry") return typeof item.startedAt === "string" && typeof item.durationSeconds === "number";
  if (item.kind === "start") return typeof item.startedAt === "string" && typeof item.fields === "object" && item.fields !== null;
  if (item.kind === "stop") return typeof item.stoppedAt === "string";
  return false;
}

export class OfflineQueue {
  constructor(
    private readonly store: KeyValueStore,
    private readonly key: string,
  ) {}

  /** The waiting items, oldest first; unreadable storage counts as empty. */
  items(): QueuedItem[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(this.key) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter(isQueuedItem) : [];
    } catch {
      return [];
    }
  }

  /** Adds an item unless one with its clientSessionId already waits. */
  add(item: QueuedItem): void {
    const items = this.items();
    if (!items.some((existing) => existing.clientSessionId === item.clientSessionId)) this.save([...items, item]);
  }

  /** Drops the items the server has answered for (committed, duplicate or refused). */
  remove(clientSessionIds: Iterable<string>): void {
    const done = new Set(clientSessionIds);
    this.save(this.items().filter((item) => !done.has(item.clientSessionId)));
  }

  /** Marks a start as sent once: from then on the server may hold its timer. */
  markSent(clientSessionId: string): void {
    this.save(this.items().map((item) => (item.kind === "start" && item.clientSessionId === clientSessionId ? { ...item, wasSent: true } : item)));
  }

  /**
   * Records a stop at `stoppedAt`. A start still waiting and never sent becomes one finished log with
   * the start's clientSessionId (the server never held that timer); otherwise the stop waits behind it.
   */
  addStop(stoppedAt: Date, clientSessionId: string): QueuedItem {
    const items = this.items();
    const index = items.findLastIndex((item) => item.kind === "start");
    const start = items[index];
    if (start?.kind === "start" && !start.wasSent) {
      const durationSeconds = Math.min(MAX_LOG_SECONDS, Math.max(0, Math.floor((stoppedAt.getTime() - Date.parse(start.startedAt)) / 1000)));
      const entry: QueuedItem = {
        kind: "entry",
        clientSessionId: start.clientSessionId,
        ...start.fields,
        startedAt: start.startedAt,
        endedAt: new Date(Date.parse(start.startedAt) + durationSeconds * 1000).toISOString(),
        durationSeconds,
        source: "timer",
      };
      this.save(items.map((item, position) => (position === index ? entry : item)));
      return entry;
    }
    const stop: QueuedItem = { kind: "stop", clientSessionId, stoppedAt: stoppedAt.toISOString() };
    this.add(stop);
    return stop;
  }

  /**
   * What to send next: the oldest item alone if it is a start or a stop, else the entries before the
   * next start or stop (at most a batch), so the server sees the clicks in their order.
   */
  next(): QueuedItem[] {
    const items = this.items();
    if (!items[0] || items[0].kind !== "entry") return items.slice(0, 1);
    const end = items.findIndex((item) => item.kind !== "entry");
    return items.slice(0, Math.min(end < 0 ? items.length : end, MAX_SYNC_ENTRIES));
  }

  clear(): void {
    this.store.removeItem(this.key);
  }

  private save(items: QueuedItem[]): void {
    if (items.length === 0) this.store.removeItem(this.key);
    else this.store.setItem(this.key, JSON.stringify(items));
  }
}

/** An entry as the sync route takes it (without the queue's `kind`). */
export function syncEntryOf({ kind: _kind, ...entry }: Extract<QueuedItem, { kind: "entry" }>): QueuedEntry {
  return entry;
}

/**
 * Whether the server refused the item for good (bad input, a conflict, no such record, no right to
 * it): then it is dropped. Anything else (no answer, 5xx, 429, a lapsed session) may not have been
 * seen or may have worked, so the item stays and is sent again with the same clientSessionId.
 */
export function isFinalRefusal(code: string): boolean {
  return code === "validation_error" || code === "conflict" || code === "not_found" || code === "forbidden";
}

/** The indexes of a batch that a validation error names (`entries.3.durationSeconds` → 3). */
export function refusedEntryIndexes(details: readonly { field: string }[]): number[] {
  const indexes = new Set<number>();
  for (const detail of details) {
    const match = detail.field.match(/^entries\.(\d+)(\.|$)/);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b);
}
