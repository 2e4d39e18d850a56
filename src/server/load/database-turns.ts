// Turns on the embedded database's one connection. PGlite runs one statement at a time, so calls used
// to wait first come, first served: an organization with eight slow searches queued made every other
// organization's statement wait for all eight. Each call now carries its turn's owner, the one on whose
// behalf it runs: the organization, the API key a request presents or the signed-in user (their lookups
// run before the organization is known), background work, or no one in particular; the worker
// (pglite/worker.mjs) gives the owners turns, so another owner's statement waits for at most the
// statement running when it arrived, and background work after the requests'. (Not the lanes of fair
// admission, admission.ts: those hold requests at the server's edge; these order statements.)
// PostgreSQL has a pool of connections and needs none of this: until an embedded database's worker
// starts (`serveTurns`), the functions below run their work as it is, with no owner to carry.
import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "@/server/process-state";

/** The owner of calls made on no one's behalf in particular: anonymous requests, startup. */
const UNATTRIBUTED = "";

/** Served only when no other owner waits, or after a few turns of others (pglite/worker.mjs): requests go first. */
const BACKGROUND = "background";

// In the process's registry: the server's /api/v1 path and Next's route bundles each load this module,
// and a call tagged by one copy must be read by the database's copy.
const turns = processState("databaseTurns", () => ({ currentOwner: new AsyncLocalStorage<string>(), areServed: false }));

/** Called when an embedded database's worker starts: from then on calls carry their owners. */
export function serveTurns(): void {
  turns.areServed = true;
}

/**
 * Whether statements take turns on the embedded database's one connection: work that can be split into
 * several short statements lets other owners' statements in between (task search's walk).
 */
export function statementsTakeTurns(): boolean {
  return turns.areServed;
}

/** Runs `work` with the database calls it makes (through every await) taking turns as this organization's. */
export function asOrganization<T>(organizationId: string, work: () => T | PromiseLike<T>): Promise<T> {
  return asOwner(`organization:${organizationId}`, work);
}

/**
 * Runs `work` (an API request's admission) with its database calls taking turns as this key's, by
 * the hash of the presented key: another organization's burst, or anonymous requests, queue as owners
 * of their own instead of ahead of it.
 */
export function asApiKey<T>(keyHash: string, work: () => T | PromiseLike<T>): Promise<T> {
  return asOwner(`key:${keyHash}`, work);
}

/**
 * Runs `work` (a web app request's user lookup) with its database calls taking turns as this signed-in
 * user's (the session cookie is signed, so the id is one of a real user): like a key's admission, it
 * runs before the organization is known and is not queued behind anonymous requests.
 */
export function asSignedInUser<T>(userId: string, work: () => T | PromiseLike<T>): Promise<T> {
  return asOwner(`user:${userId}`, work);
}

/** Runs `work` (the webhook worker's drains and pruning) with its database calls taking turns as background work. */
export function asBackground<T>(work: () => T | PromiseLike<T>): Promise<T> {
  return asOwner(BACKGROUND, work);
}

// Awaited inside: a Prisma query is lazy, sent only when awaited, and must be sent from here. Without
// turns the work is only wrapped (no async frame of its own: every promise costs on the hot path).
function asOwner<T>(owner: string, work: () => T | PromiseLike<T>): Promise<T> {
  if (turns.areServed) return turns.currentOwner.run(owner, async () => await work());
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The owner of the calling code's turns. */
export function turnOwnerOfCaller(): string {
  return turns.currentOwner.getStore() ?? UNATTRIBUTED;
}
