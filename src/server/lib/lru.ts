// A bounded least-recently-used map for process-local caches and counters: at most `maxEntries`
// entries and, when `sizeOf` is given, at most `maxSize` in total; the least recently used go first.

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private size = 0;

  constructor(private readonly options: { maxEntries: number; maxSize?: number; sizeOf?: (value: V) => number }) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const size = this.options.sizeOf?.(value) ?? 0;
    if (this.options.maxSize !== undefined && size > this.options.maxSize) return;
    this.entries.set(key, value);
    this.size += size;
    while (this.entries.size > this.options.maxEntries || (this.options.maxSize !== undefined && this.size > this.options.maxSize)) {
      this.delete(this.entries.keys().next().value as K);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.size -= this.options.sizeOf?.(value) ?? 0;
  }

  get count(): number {
    return this.entries.size;
  }
}

/**
 * Fixed-window request counters per key, kept in an LRU (a key pushed out starts a fresh window,
 * so `maxKeys` must exceed the keys active in one window). `hit` counts a request and answers
 * undefined when it is within `limit`, else the seconds until the key's window ends.
 */
export function windowCounter(options: { limit: number; windowMs: number; maxKeys: number }) {
  const windows = new LruMap<string, { startedAt: number; count: number }>({ maxEntries: options.maxKeys });
  return {
    hit(key: string, now = Date.now()): number | undefined {
      let window = windows.get(key);
      if (!window || now - window.startedAt >= options.windowMs) window = { startedAt: now, count: 0 };
      window.count += 1;
      windows.set(key, window);
      return window.count > options.limit ? Math.max(1, Math.ceil((window.startedAt + options.windowMs - now) / 1000)) : undefined;
    },
  };
}
