// Lanes of the embedded database's one connection. PGlite runs one statement at a time, so calls used
// to wait first come, first served: an organization with eight slow searches queued made every other
// organization's statement wait for all eight. Each call now carries the lane it waits in: the
// organization on whose behalf it runs, background work, or no one in particular; the worker
// (worker.mjs) serves the lanes in turns, so another organization's statement waits for at most the
// statement running when it arrived. PostgreSQL has a pool of connections and needs none of this.
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
