// A bound on how many of one kind of work run at once in this process, with a short queue: work
// beyond both is refused at once (the caller answers 429/503 with Retry-After) instead of piling up
// behind the work already running.

export class QueueFullError extends Error {
  constructor() {
    super("Too much of this work is running or waiting.");
    this.name = "QueueFullError";
  }
}

export interface ConcurrencyLimit {
  /** Runs `work` when a slot is free; rejects with QueueFullError when every slot and queue place is taken. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Work running and waiting now. */
  load(): { running: number; waiting: number };
  /** Whether `run` would refuse work now (every slot and queue place taken). */
  isFull(): boolean;
}

export function concurrencyLimit(options: { concurrency: () => number; queue: () => number }): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    async run(work) {
      if (running >= options.concurrency()) {
        if (waiting.length >= options.queue()) throw new QueueFullError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    isFull: () => running >= options.concurrency() && waiting.length >= options.queue(),
  };
}

export interface KeyedConcurrencyLimit {
  /** Runs `work` within `key`'s own limit; rejects with QueueFullError as ConcurrencyLimit.run does. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Keys with work running or waiting. */
  size(): number;
}

/**
 * One ConcurrencyLimit per key (an organization), made when work for the key arrives and dropped once
 * it has none. `limits` holds them (a map on globalThis when several bundles load the caller).
 */
export function keyedConcurrencyLimit(options: { concurrency: () => number; queue: () => number }, limits = new Map<string, ConcurrencyLimit>()): KeyedConcurrencyLimit {
  return {
    async run(key, work) {
      let limit = limits.get(key);
      if (!limit) {
        limit = concurrencyLimit(options);
        limits.set(key, limit);
      }
      try {
        return await limit.run(work);
      } finally {
        const { running, waiting } = limit.load();
        if (!running && !waiting) limits.delete(key);
      }
    },
    size: () => limits.size,
  };
}
