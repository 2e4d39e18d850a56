// The mechanism of a bound from the table (bounds.ts): at most `concurrency` of one kind of work run at
// once in this process (per key, for a keyed bound), `queue` more wait; work beyond both is refused at
// once with the bound's answer (429 or 503, with Retry-After) instead of piling up behind the work
// already running.
import type { AppError } from "@/server/errors";
import { refusalOf, type ConcurrencyBound } from "@/server/load/bounds";

/** Gives a place back; later calls do nothing. */
export type Release = () => void;

export interface ConcurrencyLimit {
  /** Runs `work` when a place is free; rejects with the bound's refusal when every place and queue place is taken. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Takes a place for work whose end is not a promise's (a stream's lifetime): resolves with its
   * release once a place is free, rejects as `run` does. The place is counted the moment it is asked for.
   */
  enter(): Promise<Release>;
  /** Takes a free place at once, or returns undefined when every place is taken (nothing is queued). */
  tryEnter(): Release | undefined;
  /** Work running and waiting now. */
  load(): { running: number; waiting: number };
  /** Whether `run` would refuse work now (every place and queue place taken). */
  isFull(): boolean;
  /** The error `run` refuses work with. */
  refusal(): AppError;
}

export function concurrencyLimit(bound: ConcurrencyBound): ConcurrencyLimit {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    const first = waiting.shift();
    if (first) {
      running += 1;
      first();
    }
  };
  const releaseOnce = (): Release => {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      next();
    };
  };
  const limit: ConcurrencyLimit = {
    enter() {
      const release = limit.tryEnter();
      if (release) return Promise.resolve(release);
      if (waiting.length >= bound.queue()) return Promise.reject(limit.refusal());
      return new Promise<Release>((resolve) => waiting.push(() => resolve(releaseOnce())));
    },
    tryEnter() {
      if (running >= bound.concurrency()) return undefined;
      running += 1;
      return releaseOnce();
    },
    async run(work) {
      // A free place is taken at once: awaiting an already settled enter() would cost every call a turn.
      const release = limit.tryEnter() ?? (await limit.enter());
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
    isFull: () => running >= bound.concurrency() && waiting.length >= bound.queue(),
    refusal: () => refusalOf(bound.refusal),
  };
  return limit;
}

export interface KeyedConcurrencyLimit {
  /** Runs `work` within `key`'s own limit; rejects as ConcurrencyLimit.run does. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Takes a place within `key`'s own limit, as ConcurrencyLimit.enter does. */
  enter(key: string): Promise<Release>;
  /** Keys with work running or waiting. */
  size(): number;
}

/**
 * One ConcurrencyLimit per key (an organization, an API key), made when work for the key arrives and
 * dropped once it has none. `limits` holds them (the process's, from process-state.ts, when several
 * bundles load the caller).
 */
export function keyedConcurrencyLimit(bound: ConcurrencyBound, limits = new Map<string, ConcurrencyLimit>()): KeyedConcurrencyLimit {
  const dropIfIdle = (key: string, limit: ConcurrencyLimit) => {
    const { running, waiting } = limit.load();
    if (!running && !waiting && limits.get(key) === limit) limits.delete(key);
  };
  const limitOf = (key: string): ConcurrencyLimit => {
    let limit = limits.get(key);
    if (!limit) {
      limit = concurrencyLimit(bound);
      limits.set(key, limit);
    }
    return limit;
  };
  const releasing = (key: string, limit: ConcurrencyLimit, release: Release): Release => () => {
    release();
    dropIfIdle(key, limit);
  };
  const keyed: KeyedConcurrencyLimit = {
    async enter(key) {
      const held = limitOf(key);
      try {
        return releasing(key, held, await held.enter());
      } catch (error) {
        dropIfIdle(key, held);
        throw error;
      }
    },
    async run(key, work) {
      const limit = limitOf(key);
      const free = limit.tryEnter();
      const release = free ? releasing(key, limit, free) : await keyed.enter(key);
      try {
        return await work();
      } finally {
        release();
      }
    },
    size: () => limits.size,
  };
  return keyed;
}
