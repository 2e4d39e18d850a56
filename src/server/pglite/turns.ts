// Turns on the embedded database's one connection. PGlite runs one statement at a time, so calls used
// to wait first come, first served: an organization with eight slow searches queued made every other
// organization's statement wait for all eight. Calls now wait in lanes, one per organization on whose
// behalf they run (plus one for background work and one for everything else), and the connection
// serves the lanes in turns: another organization's statement waits for at most the statement
// running when it arrived. PostgreSQL has a pool of connections and needs none of this.
import { AsyncLocalStorage } from "node:async_hooks";

/** The lane of calls made on no one's behalf in particular: anonymous requests, startup. */
const UNATTRIBUTED = "";

// On globalThis: the server's /api/v1 path and Next's route bundles each load this module, and a
// request tagged by one copy must be read by the database's copy.
const globalForTurns = globalThis as unknown as { orbitDatabaseLane?: AsyncLocalStorage<string> };
const currentLane = (globalForTurns.orbitDatabaseLane ??= new AsyncLocalStorage<string>());

/** Runs `work` with the database calls it makes (through every await) taking turns as this organization's. */
export function asOrganization<T>(organizationId: string, work: () => T | PromiseLike<T>): Promise<T> {
  return inLane(`organization:${organizationId}`, work);
}

/** Runs `work` (the webhook worker's drains and pruning) with its database calls taking turns as background work. */
export function asBackground<T>(work: () => T | PromiseLike<T>): Promise<T> {
  return inLane("background", work);
}

// Awaited inside the lane: a Prisma query is lazy, sent only when awaited, and must be sent from here.
const inLane = <T>(lane: string, work: () => T | PromiseLike<T>): Promise<T> => currentLane.run(lane, async () => await work());

/** The lane of the calling code. */
export function laneOfCaller(): string {
  return currentLane.getStore() ?? UNATTRIBUTED;
}

type Grant = () => void;

/**
 * The connection, given to one holder at a time, lane after lane. The lanes with calls waiting are
 * kept in turn order (a Map keeps insertion order); the holder's lane steps out of that order while
 * it holds the connection and goes back in last when it lets go, so a lane that arrives meanwhile
 * is served before the holder's next call.
 */
export class Turns {
  /** Lanes with waiting calls, next turn first; the holder's lane is never in it. */
  readonly #waiting = new Map<string, Grant[]>();
  /** The lane holding the connection and its own waiting calls; undefined while free. */
  #holder: { lane: string; waiting: Grant[] } | undefined;
  readonly #whenIdle: Array<() => void> = [];

  /** Resolves when `lane` has the connection, with the function that lets it go (once). */
  acquire(lane: string): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.#release();
        });
      };
      if (!this.#holder) {
        this.#holder = { lane, waiting: [] };
        grant();
      } else if (this.#holder.lane === lane) {
        this.#holder.waiting.push(grant);
      } else {
        const waiting = this.#waiting.get(lane);
        if (waiting) waiting.push(grant);
        else this.#waiting.set(lane, [grant]);
      }
    });
  }

  /** Runs `work` holding the connection. */
  async run<T>(lane: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(lane);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Resolves once no one holds the connection and no call waits. */
  idle(): Promise<void> {
    if (!this.#holder) return Promise.resolve();
    return new Promise((resolve) => this.#whenIdle.push(resolve));
  }

  #release(): void {
    const holder = this.#holder!;
    // The holder's lane goes back in line last; the Map cannot hold it already (see #waiting).
    if (holder.waiting.length) this.#waiting.set(holder.lane, holder.waiting);
    const next = this.#waiting.entries().next();
    if (next.done) {
      this.#holder = undefined;
      for (const resolve of this.#whenIdle.splice(0)) resolve();
      return;
    }
    const [lane, waiting] = next.value;
    this.#waiting.delete(lane);
    this.#holder = { lane, waiting };
    waiting.shift()!();
  }
}
