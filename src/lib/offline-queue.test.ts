import { describe, expect, it } from "vitest";
import { OfflineQueue, refusedEntryIndexes, SYNC_BATCH_SIZE, type KeyValueStore, type QueuedEntry } from "./offline-queue";

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

const entry = (clientSessionId: string): QueuedEntry => ({ clientSessionId, startedAt: "2026-11-20T09:00:00.000Z", durationSeconds: 1800, source: "manual" });

describe("OfflineQueue", () => {
  it("keeps entries across instances (a reload), oldest first", () => {
    const store = memoryStore();
    new OfflineQueue(store).add(entry("a"));
    new OfflineQueue(store).add(entry("b"));
    expect(new OfflineQueue(store).entries().map((queued) => queued.clientSessionId)).toEqual(["a", "b"]);
  });

  it("never holds the same clientSessionId twice", () => {
    const queue = new OfflineQueue(memoryStore());
    queue.add(entry("a"));
    queue.add({ ...entry("a"), durationSeconds: 60 });
    expect(queue.entries()).toEqual([entry("a")]);
  });

  it("removes answered entries and leaves the rest", () => {
    const queue = new OfflineQueue(memoryStore());
    for (const id of ["a", "b", "c"]) queue.add(entry(id));
    queue.remove(["a", "c", "unknown"]);
    expect(queue.entries().map((queued) => queued.clientSessionId)).toEqual(["b"]);
  });

  it("reads unreadable or foreign storage as empty, and skips malformed entries", () => {
    expect(new OfflineQueue(memoryStore({ "orbit.pending-time-entries.v1": "{not json" })).entries()).toEqual([]);
    expect(new OfflineQueue(memoryStore({ "orbit.pending-time-entries.v1": '{"a":1}' })).entries()).toEqual([]);
    const mixed = JSON.stringify([entry("ok"), { clientSessionId: 5 }, null]);
    expect(new OfflineQueue(memoryStore({ "orbit.pending-time-entries.v1": mixed })).entries()).toEqual([entry("ok")]);
  });

  it("sends at most one sync's worth per batch", () => {
    const queue = new OfflineQueue(memoryStore());
    for (let index = 0; index < SYNC_BATCH_SIZE + 3; index += 1) queue.add(entry(`e${index}`));
    expect(queue.nextBatch()).toHaveLength(SYNC_BATCH_SIZE);
    expect(queue.nextBatch()[0]!.clientSessionId).toBe("e0");
  });
});

describe("refusedEntryIndexes", () => {
  it("reads the entry positions a validation error names", () => {
    expect(refusedEntryIndexes([{ field: "entries.3.durationSeconds" }, { field: "entries.0" }, { field: "entries.3.tags.1" }, { field: "entries" }, { field: "other.1" }])).toEqual([0, 3]);
  });
});
