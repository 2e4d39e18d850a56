// A delivery worker's identity: a key, and a PostgreSQL session-level advisory lock on it held on a
// connection of the worker's own for as long as the worker lives. Every lease the worker takes names
// the key (WebhookDelivery.leasedBy), and the claim (claim.ts) reads pg_locks to tell which keys are
// held: a lease whose holder's lock is gone is not in flight and may be claimed again at once. A worker
// killed with SIGKILL (or whose host closes its connections) loses its lock with its connection, so
// its leases stop counting the moment PostgreSQL sees the connection close, not when they run out.
// A live worker keeps its lock however slow its attempts, so its leases stay its own.
// If the lock's connection is lost while the worker lives (a database restart, pg_terminate_backend),
// the worker counts as dead to the others from that moment: it stops claiming (its drain is aborted;
// attempts in flight finish, and their outcomes are written only where the lease was not retaken) and
// takes the same key again before it claims anew. On the embedded database the one process is the
// only worker host and its one session holds the lock.
import { randomInt } from "node:crypto";
import type { Database } from "@/server/db";

/** Advisory-lock namespace of the workers' identity locks (the first key of the two-key form). */
export const WORKER_LOCK_NAMESPACE = 0x0b18;

export interface WorkerIdentity {
  /** The key leases name (positive int4). */
  readonly key: number;
  /** Aborted once the lock is no longer held. */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

/** A new key, positive so that pg_locks' unsigned objid reads back as the same number. */
const newKey = () => randomInt(1, 2 ** 31 - 1);

/**
 * Takes an identity: `key` (when given: a worker re-taking its own after a lost connection) or a new
 * random one, retried with another key in the rare case that one is held elsewhere.
 */
export async function takeWorkerIdentity(database: Database, key?: number): Promise<WorkerIdentity> {
  for (let attempt = 0; ; attempt += 1) {
    const candidate = attempt === 0 && key !== undefined ? key : newKey();
    const lock = await database.holdSessionLock(WORKER_LOCK_NAMESPACE, candidate);
    if (lock) return { key: candidate, lost: lock.lost, release: lock.release };
    if (attempt >= 10) throw new Error("no free worker identity after 10 tries");
  }
}

/** Runs `work` under an identity of its own (a cron call's drain), released afterwards. */
export async function withWorkerIdentity<T>(database: Database, work: (identity: WorkerIdentity) => Promise<T>): Promise<T> {
  const identity = await takeWorkerIdentity(database);
  try {
    return await work(identity);
  } finally {
    await identity.release();
  }
}
