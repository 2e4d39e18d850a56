// The embedded database's thread: a worker_threads worker that owns one PGlite instance and the
// pglite-prisma-adapter around it, so that a long statement runs here and the server's event loop
// keeps serving. The main thread (worker-adapter.ts) forwards Prisma's driver-adapter calls by
// message. Plain JavaScript, never bundled: every way the server runs (tsx, the production bundle,
// Next's route bundles, vitest) starts this same file with Node, which finds the packages in node_modules.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";

/** @type {{ dataDir?: string; loadDataDir?: Blob }} */
const { dataDir, loadDataDir } = workerData;

// pg_trgm backs the search indexes (a migration creates the extension; PGlite must be able to load it).
const pglite = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
const opened = pglite.waitReady.then(() => new PrismaPGlite(pglite).connect());
// An open failure is answered to every call; this keeps it from also being an unhandled rejection.
opened.catch(() => {});

/** Transactions in progress, by the id of the message that started them. */
const transactions = new Map();
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
  close: async () => {
    await idle();
    await pglite.close();
  },
};

/** Commits or rolls back an open transaction, which is forgotten either way. */
async function endTransaction(tx, outcome) {
  const open = transaction(tx);
  try {
    await open[outcome]();
  } finally {
    transactions.delete(tx);
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

parentPort.on("message", async ({ id, op, ...args }) => {
  // Every call waits for the same promise first, so calls reach PGlite in the order they were sent.
  const counted = op !== "close";
  if (counted) running += 1;
  try {
    const adapter = await opened;
    answer(id, { value: await operations[op](adapter, args, id) });
  } catch (error) {
    answer(id, { error: errorData(error) });
  } finally {
    if (counted) running -= 1;
    settled();
  }
});
