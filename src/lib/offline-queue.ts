// Manual time entries waiting to be synced, kept in localStorage so they survive going offline, a
// failed request or a closed tab. Each carries the clientSessionId made when it was entered: sending
// it again after an unknown outcome can never create a second log (the server reports a duplicate).

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
  source: "manual";
}

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const QUEUE_KEY = "orbit.pending-time-entries.v1";
/** The sync route takes at most this many entries per call. */
export const SYNC_BATCH_SIZE = 500;

function isQueuedEntry(value: unknown): value is QueuedEntry {
  const entry = value as Partial<QueuedEntry> | null;
  return typeof entry?.clientSessionId === "string" && typeof entry.startedAt === "string" && typeof entry.durationSeconds === "number";
}

export class OfflineQueue {
  constructor(
    private readonly store: KeyValueStore,
    private readonly key = QUEUE_KEY,
  ) {}

  /** The waiting entries, oldest first; unreadable storage counts as empty. */
  entries(): QueuedEntry[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(this.key) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter(isQueuedEntry) : [];
    } catch {
      return [];
    }
  }

  /** Adds an entry unless one with its clientSessionId already waits. */
  add(entry: QueuedEntry): void {
    const entries = this.entries();
    if (!entries.some((existing) => existing.clientSessionId === entry.clientSessionId)) this.save([...entries, entry]);
  }

  /** Drops the entries the server has answered for (committed, duplicate or refused). */
  remove(clientSessionIds: Iterable<string>): void {
    const done = new Set(clientSessionIds);
    this.save(this.entries().filter((entry) => !done.has(entry.clientSessionId)));
  }

  /** The next batch to send, oldest first. */
  nextBatch(): QueuedEntry[] {
    return this.entries().slice(0, SYNC_BATCH_SIZE);
  }

  private save(entries: QueuedEntry[]): void {
    this.store.setItem(this.key, JSON.stringify(entries));
  }
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
