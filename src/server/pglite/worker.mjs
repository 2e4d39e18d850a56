// The embedded database's thread: a worker_threads worker that owns one PGlite instance and the
// pglite-prisma-adapter around it, so that a long statement runs here and the server's event loop
// keeps serving. The main thread (worker-adapter.ts) forwards Prisma's driver-adapter calls by
// message. Plain JavaScript, never bundled: every way the server runs (tsx, the production bundle,
// Next's route bundles, vitest) starts this same file with Node, which finds the packages in node_modules.
// Statements take PGlite's one connection in turns, by the owner they run for (see Turns below).
import { setImmediate } from "node:timers";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";

/** @type {{ dataDir?: string; loadDataDir?: Blob }} */
const { dataDir, loadDataDir } = workerData;

// pg_trgm and btree_gin back the search indexes (migrations create the extensions; PGlite must be able to load them).
const pglite = new PGlite({ dataDir, loadDataDir, extensions: { btree_gin, pg_trgm } });
const opened = pglite.waitReady.then(() => new PrismaPGlite(pglite).connect());
// An open failure is answered to every call; this keeps it from also being an unhandled rejection.
opened.catch(() => {});

/** The turn owner of background work (load/database-turns.ts `asBackground`). */
const BACKGROUND = "background";
/** Turns other owners may take in a row while background work waits. */
const BACKGROUND_PATIENCE = 4;

/**
 * PGlite's one connection, given to one holder at a time, owner after owner. An owner is whom the calls
 * run for (the main thread tags each call: an organization, background work, or no one in
 * particular, src/server/load/database-turns.ts). First come, first served, an organization with eight slow
 * searches queued made every other one wait for all eight; in turns, another organization's statement
 * waits for at most the one running when it arrived. Owners with waiting calls are kept in turn order
 * (a Map keeps insertion order); the holding owner steps out of it while it holds the connection and
 * goes back in last when it lets go, so an owner that arrived meanwhile goes first. Background work (the
 * webhook worker's drains) takes a turn only when no other owner waits, or once it has been passed over
 * BACKGROUND_PATIENCE times: requests go first, and deliveries still move under a steady load. Served
 * here, next to PGlite, so that the next statement starts as the last one ends, without a trip to the
 * main thread.
 */
class Turns {
  /** Owners with waiting calls, next turn first; the holding owner is never in it. */
  #waiting = new Map();
  /** The owner holding the connection and its own waiting calls; undefined while free. */
  #holder;
  /** Turns given to other owners since background work last had one while it waited. */
  #backgroundPassedOver = 0;

  /** Resolves when `owner` has the connection, with the function that lets it go (once). */
  acquire(owner) {
    return new Promise((resolve) => {
      const grant = () => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          // After the messages that arrived meanwhile (PGlite blocks this thread while a statement
          // runs) have taken their places: otherwise the first of them would simply be next.
          setImmediate(() => this.#release());
        });
      };
      if (!this.#holder) {
        this.#holder = { owner, waiting: [] };
        grant();
      } else if (this.#holder.owner === owner) {
        this.#holder.waiting.push(grant);
      } else if (this.#waiting.has(owner)) {
        this.#waiting.get(owner).push(grant);
      } else {
        this.#waiting.set(owner, [grant]);
      }
    });
  }

  /** The owners with calls waiting for the connection, each with how many, in turn order (the holder's last). */
  waiting() {
    const owners = [...this.#waiting.entries()].map(([owner, waiting]) => ({ owner, calls: waiting.length }));
    if (this.#holder?.waiting.length) owners.push({ owner: this.#holder.owner, calls: this.#holder.waiting.length });
    return owners;
  }

  #release() {
    const holder = this.#holder;
    if (holder.waiting.length) this.#waiting.set(holder.owner, holder.waiting);
    if (!this.#waiting.size) {
      this.#holder = undefined;
      return;
    }
    let owner = [...this.#waiting.keys()].find((waiting) => waiting !== BACKGROUND);
    if (this.#waiting.has(BACKGROUND)) {
      if (owner === undefined || this.#backgroundPassedOver >= BACKGROUND_PATIENCE) owner = BACKGROUND;
      this.#backgroundPassedOver = owner === BACKGROUND ? 0 : this.#backgroundPassedOver + 1;
    }
    const waiting = this.#waiting.get(owner);
    this.#waiting.delete(owner);
    this.#holder = { owner, waiting };
    waiting.shift()();
  }
}

const turns = new Turns();

/**
 * Whether a call takes a turn: a statement outside a transaction, a script, or a transaction's start
 * (the transaction then holds the turn until its commit or rollback). A transaction's own statements,
 * commit and rollback run within the turn it holds (making them wait would deadlock); LISTEN,
 * UNLISTEN, dumps and close are ordered by PGlite itself; a look at the waiting owners waits for nothing.
 */
const takesTurn = (op, args) => op === "startTransaction" || op === "executeScript" || ((op === "queryRaw" || op === "executeRaw") && args.tx === undefined);

/** Transactions in progress, by the id of the message that started them. */
const transactions = new Map();
/** The turn each transaction in progress holds, by the same id. */
const transactionTurns = new Map();

/** Ends a transaction's bookkeeping and gives its turn back. */
function closeTransaction(tx) {
  transactions.delete(tx);
  transactionTurns.get(tx)?.();
  transactionTurns.delete(tx);
}

/** Unsubscribe functions of LISTEN subscriptions, by the main thread's listener id. */
const listeners = new Map();
let running = 0;
const whenIdle = [];

function settled() {
  if (running === 0 && transactions.size === 0) for (const resolve of whenIdle.splice(0)) resolve();
}

/** Resolves once no call is running and no transaction is open: the order `close` needs. */
function idle() {
  return new Promise((resolve) => {
    whenIdle.push(resolve);
    settled();
  });
}

function transaction(id) {
  const open = transactions.get(id);
  if (!open) throw new Error("Transaction already closed");
  return open;
}

const operations = {
  queryRaw: async (adapter, { query, tx }) => (tx === undefined ? adapter : transaction(tx)).queryRaw(query),
  executeRaw: async (adapter, { query, tx }) => (tx === undefined ? adapter : transaction(tx)).executeRaw(query),
  // The adapter's own executeScript neither waits for the script nor reports its error; this does both.
  executeScript: async (adapter, { script }) => {
    try {
      await pglite.exec(script);
    } catch (error) {
      adapter.onError(error);
    }
  },
  startTransaction: async (adapter, { isolationLevel }, id) => {
    const tx = await adapter.startTransaction(isolationLevel);
    transactions.set(id, tx);
    return { id, options: tx.options };
  },
  commit: (_adapter, { tx }) => endTransaction(tx, "commit"),
  rollback: (_adapter, { tx }) => endTransaction(tx, "rollback"),
  listen: async (_adapter, { channel, listener }) => {
    const unlisten = await pglite.listen(channel, (payload) => parentPort.postMessage({ notification: listener, payload }));
    listeners.set(listener, unlisten);
  },
  unlisten: async (_adapter, { listener }) => {
    const unlisten = listeners.get(listener);
    listeners.delete(listener);
    await unlisten?.();
  },
  dumpDataDir: async () => pglite.dumpDataDir("none"),
  waitingTurns: async () => turns.waiting(),
  close: async () => {
    await idle();
    await pglite.close();
  },
};

/** Commits or rolls back an open transaction, which is forgotten (and its turn given back) either way. */
async function endTransaction(tx, outcome) {
  const open = transaction(tx);
  try {
    await open[outcome]();
  } finally {
    closeTransaction(tx);
  }
}

/** An error as data: Prisma's DriverAdapterError keeps its mapped cause (P2002 and the rest come from it). */
function errorData(error) {
  if (error?.name === "DriverAdapterError" && typeof error.cause === "object") return { driverAdapterError: error.cause };
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  return { name: error?.name ?? "Error", message: error?.message ?? String(error), fields };
}

function answer(id, outcome) {
  try {
    parentPort.postMessage({ id, ...outcome });
  } catch (error) {
    // A value that cannot be cloned fails the call rather than the thread.
    parentPort.postMessage({ id, error: errorData(error) });
  }
}

parentPort.on("message", async ({ id, op, owner = "", ...args }) => {
  // Every call waits for the same promise first, so calls take their turns in the order they were sent.
  const counted = op !== "close";
  if (counted) running += 1;
  let release;
  try {
    const adapter = await opened;
    if (takesTurn(op, args)) release = await turns.acquire(owner);
    const value = await operations[op](adapter, args, id);
    if (op === "startTransaction") {
      // Held until the transaction's commit or rollback.
      transactionTurns.set(id, release);
      release = undefined;
    }
    answer(id, { value });
  } catch (error) {
    answer(id, { error: errorData(error) });
  } finally {
    release?.();
    if (counted) running -= 1;
    settled();
  }
});
