import { describe, expect, it } from "vitest";
import { isFinalRefusal, OfflineQueue, queueKey, refusedEntryIndexes, type KeyValueStore, type QueuedItem } from "./offline-queue";
import { MAX_SYNC_ENTRIES } from "@/lib/limits";

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) };
}

const KEY = queueKey("user-a");
const entry = (clientSessionId: string): Extract<QueuedItem, { kind: "entry" }> => ({ kind: "entry", clientSessionId, startedAt: "2026-11-20T09:00:00.000Z", durationSeconds: 1800, source: "manual" });
const start = (clientSessionId: string, wasSent?: boolean): QueuedItem => ({ kind: "start", clientSessionId, startedAt: "2026-11-20T09:00:00.000Z", fields: { description: "Offline work", taskId: "task-1" }, ...(wasSent ? { wasSent } : {}) });
const ids = (queue: OfflineQueue) => queue.items().map((item) => item.clientSessionId);

describe("OfflineQueue", () => {
  it("keeps items across instances (a reload), oldest first, under the person's own key", () => {
    const store = memoryStore();
    new OfflineQueue(store, KEY).add(entry("a"));
    new OfflineQueue(store, KEY).add(start("b"));
    expect(ids(new OfflineQueue(store, KEY))).toEqual(["a", "b"]);
    expect(new OfflineQueue(store, queueKey("user-b")).items()).toEqual([]);
  });

  it("never holds the same clientSessionId twice", () => {
    const queue = new OfflineQueue(memoryStore(), KEY);
    queue.add(entry("a"));
    queue.add({ ...entry("a"), description: "again" });
    expect(queue.items()).toEqual([entry("a")]);
  });

  it("removes answered items and leaves the rest; clear leaves nothing in storage", () => {
    const store = memoryStore();
    const queue = new OfflineQueue(store, KEY);
    for (const id of ["a", "b", "c"]) queue.add(entry(id));
    queue.remove(["a", "c", "unknown"]);
    expect(ids(queue)).toEqual(["b"]);
    queue.clear();
    expect(store.data.has(KEY)).toBe(false);
  });

  it("reads unreadable storage as empty, and skips malformed items", () => {
    expect(new OfflineQueue(memoryStore({ [KEY]: "{not json" }), KEY).items()).toEqual([]);
    expect(new OfflineQueue(memoryStore({ [KEY]: '{"a":1}' }), KEY).items()).toEqual([]);
    const mixed = JSON.stringify([entry("ok"), { clientSessionId: 5 }, null, { kind: "stop", clientSessionId: "s" }, { kind: "other", clientSessionId: "o" }]);
    expect(new OfflineQueue(memoryStore({ [KEY]: mixed }), KEY).items()).toEqual([entry("ok")]);
  });

  it("sends entries a sync at a time, and a start or stop alone, in the order of the clicks", () => {
    const queue = new OfflineQueue(memoryStore(), KEY);
    for (let index = 0; index < MAX_SYNC_ENTRIES + 3; index += 1) queue.add(entry(`e${index}`));
    queue.add(start("s"));
    queue.add(entry("after"));
    expect(queue.next()).toHaveLength(MAX_SYNC_ENTRIES);
    queue.remove(queue.next().map((item) => item.clientSessionId));
    expect(queue.next().map((item) => item.clientSessionId)).toEqual([`e${MAX_SYNC_ENTRIES}`, `e${MAX_SYNC_ENTRIES + 1}`, `e${MAX_SYNC_ENTRIES + 2}`]);
    queue.remove(queue.next().map((item) => item.clientSessionId));
    expect(ids(new OfflineQueue(memoryStore({ [KEY]: JSON.stringify(queue.items()) }), KEY))).toEqual(["s", "after"]);
    expect(queue.next().map((item) => item.kind)).toEqual(["start"]);
  });

  it("turns a start never sent and its stop into one finished timer log with the start's clientSessionId", () => {
    const queue = new OfflineQueue(memoryStore(), KEY);
    queue.add(start("s"));
    const merged = queue.addStop(new Date("2026-11-20T09:25:30.500Z"), "stop-1");
    expect(queue.items()).toEqual([
      { kind: "entry", clientSessionId: "s", description: "Offline work", taskId: "task-1", startedAt: "2026-11-20T09:00:00.000Z", endedAt: "2026-11-20T09:25:30.000Z", durationSeconds: 1530, source: "timer" },
    ]);
    expect(merged.kind).toBe("entry");
  });

  it("keeps a stop behind a start already sent (the server may hold its timer), with the stop's own key", () => {
    const queue = new OfflineQueue(memoryStore(), KEY);
    queue.add(start("s"));
    queue.markSent("s");
    queue.addStop(new Date("2026-11-20T10:00:00.000Z"), "stop-1");
    expect(queue.items()).toEqual([start("s", true), { kind: "stop", clientSessionId: "stop-1", stoppedAt: "2026-11-20T10:00:00.000Z" }]);
  });
});

describe("isFinalRefusal", () => {
  it("drops an item only on the server's own refusal; no answer, 5xx, 429 or a lapsed session keep it", () => {
    for (const code of ["validation_error", "conflict", "not_found", "forbidden"]) expect(isFinalRefusal(code), code).toBe(true);
    for (const code of ["network_error", "internal_error", "service_unavailable", "rate_limit_exceeded", "unauthorized"]) expect(isFinalRefusal(code), code).toBe(false);
  });
});

describe("refusedEntryIndexes", () => {
  it("reads the entry positions a validation error names", () => {
    expect(refusedEntryIndexes([{ field: "entries.3.durationSeconds" }, { field: "entries.0" }, { field: "entries.3.tags.1" }, { field: "entries" }, { field: "other.1" }])).toEqual([0, 3]);
  });
});
