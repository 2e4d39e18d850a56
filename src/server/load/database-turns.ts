// Lanes of the embedded database's one connection. PGlite runs one statement at a time, so calls used
// to wait first come, first served: an organization with eight slow searches queued made every other
// organization's statement wait for all eight. Each call now carries the lane it waits in: the
// organization on whose behalf it runs, the API key a request presents or the signed-in user (their
// lookups run before the organization is known), background work, or no one in particular; the worker (worker.mjs) serves
// the lanes in turns, so another lane's statement waits for at most the statement running when it
// arrived, and background work after the requests' lanes. PostgreSQL has a pool of connections and needs none of this: until an embedded database's
// worker starts (`serveLanes`), the functions below run their work as it is, with no lane to carry.
import { AsyncLocalStorage } from "node:async_hooks";

/** The lane of calls made on no one's behalf in particular: anonymous requests, startup. */
const UNATTRIBUTED = "";

// On globalThis: the server's /api/v1 path and Next's route bundles each load this module, and a
// request tagged by one copy must be read by the database's copy.
const globalForTurns = globalThis as unknown as { orbitDatabaseLane?: AsyncLocalStorage<string>; orbitLanesServed?: boolean };
const currentLane = (globalForTurns.orbitDatabaseLane ??= new AsyncLocalStorage<string>());

/** Called when an embedded database's worker starts: from then on calls carry their lanes. */
export function serveLanes(): void {
  globalForTurns.orbitLanesServed = true;
}

/**
 * Whether statements take turns on the embedded database's one connection: work that can be split into
 * several short statements lets other lanes' statements in between (task search's walk).
 */
export function statementsTakeTurns(): boolean {
  return globalForTurns.orbitLanesServed === true;
}

/** Runs `work` with the database calls it makes (through every await) taking turns as this organization's. */
export function asOrganization<T>(organizationId: string, work: () => T | PromiseLike<T>): Promise<T> {
  return inLane(`organization:${organizationId}`, work);
}

/**
 * Runs `work` (an API request's admission) with its database calls taking turns as this key's, by
 * the hash of the presented key: another organization's burst, or anonymous requests, queue in lanes
 * of their own instead of ahead of it.
 */
export function asApiKey<T>(keyHash: string, work: () => T | PromiseLike<T>): Promise<T> {
  return inLane(`key:${keyHash}`, work);
}

/**
 * Runs `work` (a web app request's user lookup) with its database calls taking turns as this signed-in
 * user's (the session cookie is signed, so the id is one of a real user): like a key's admission, it
 * runs before the organization is known and is not queued behind anonymous requests.
 */
export function asSignedInUser<T>(userId: string, work: () => T | PromiseLike<T>): Promise<T> {
  return inLane(`user:${userId}`, work);
}

/** Runs `work` (the webhook worker's drains and pruning) with its database calls taking turns as background work. */
export function asBackground<T>(work: () => T | PromiseLike<T>): Promise<T> {
  return inLane(BACKGROUND, work);
}

/** Served only when no other lane waits, or after a few turns of others (worker.mjs): requests go first. */
const BACKGROUND = "background";

// Awaited inside the lane: a Prisma query is lazy, sent only when awaited, and must be sent from here.
const inLane = async <T>(lane: string, work: () => T | PromiseLike<T>): Promise<T> =>
  globalForTurns.orbitLanesServed ? currentLane.run(lane, async () => await work()) : await work();

/** The lane of the calling code. */
export function laneOfCaller(): string {
  return currentLane.getStore() ?? UNATTRIBUTED;
}
