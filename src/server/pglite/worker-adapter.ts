// The embedded database off the event loop's thread: PGlite and pglite-prisma-adapter run in a
// worker (worker.mjs); this side implements Prisma's driver-adapter interface by forwarding each
// call there. Forwarding at this interface (typed, Prisma's own) rather than at PGlite's keeps the
// adapter's type parsers and error mapping where they were written to run, next to PGlite: what
// crosses the thread boundary is plain data (rows of strings, numbers, Uint8Arrays; mapped errors).
// Each statement and transaction start carries its caller's turn owner (load/database-turns.ts): the
// worker gives the owners turns.
import path from "node:path";
import { Worker } from "node:worker_threads";
import {
  DriverAdapterError,
  type ConnectionInfo,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
  type TransactionOptions,
} from "@prisma/driver-adapter-utils";
import { getLogger } from "@/server/operations/logger";
import { serveTurns, turnOwnerOfCaller } from "@/server/load/database-turns";

// Located from the project root at run time, like the migrations: the file is never bundled, so the
// same path serves tsx, the production bundle, Next's route bundles and vitest.
const workerFile = path.join(process.cwd(), "src", "server", "pglite", "worker.mjs");

/** The name pglite-prisma-adapter reports, which the worker's adapter still is. */
const adapterName = "pglite-prisma-adapter";

export interface PGliteWorkerOptions {
  /** A data directory on disk; unset: in memory. */
  dataDir?: string;
  /** Start from this data directory (a `dumpDataDir` of a migrated database) instead of an empty one. */
  loadDataDir?: Blob;
}

interface ErrorData {
  driverAdapterError?: ConstructorParameters<typeof DriverAdapterError>[0];
  name?: string;
  message?: string;
  fields?: Record<string, unknown>;
}

type WorkerMessage = { id: number; value?: unknown; error?: ErrorData } | { notification: number; payload: string };

function toError(data: ErrorData): Error {
  // Prisma maps a DriverAdapterError's cause to its codes (P2002 and the rest) by name, not by class.
  if (data.driverAdapterError) return new DriverAdapterError(data.driverAdapterError);
  return Object.assign(new Error(data.message), data.fields, { name: data.name ?? "Error" });
}

/** One worker thread owning one PGlite database. */
class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #stopped: Error | undefined;

  constructor(options: PGliteWorkerOptions) {
    this.#worker = new Worker(workerFile, { workerData: options });
    // Like an in-process PGlite, an idle database does not keep the process alive; a call in flight does.
    this.#worker.unref();
    this.#worker.on("message", (message: WorkerMessage) => {
      if ("notification" in message) return this.#listeners.get(message.notification)?.(message.payload);
      const call = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (message.error) call?.reject(toError(message.error));
      else call?.resolve(message.value);
    });
    this.#worker.on("error", (error) => this.#stop(error));
    this.#worker.on("exit", (code) => this.#stop(new Error(`The embedded database's worker stopped (exit code ${code}).`)));
  }

  call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, op, ...args });
    });
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.#nextId++;
    this.#listeners.set(listener, onNotify);
    try {
      await this.call("listen", { channel, listener });
    } catch (error) {
      this.#listeners.delete(listener);
      throw error;
    }
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#stopped) await this.call("unlisten", { listener });
    };
  }

  /** Waits for the calls in flight and the open transactions, closes PGlite, ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.call("close");
    } finally {
      this.#stopped = new Error("The embedded database is closed.");
      await this.#worker.terminate();
    }
  }

  #stop(error: Error): void {
    if (this.#stopped) return;
    this.#stopped = error;
    getLogger().error({ err: error }, "the embedded database's worker stopped");
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }
}

class ForwardedQueryable {
  readonly provider = "postgres";
  readonly adapterName = adapterName;

  constructor(
    protected readonly thread: PGliteThread,
    /** The open transaction these calls belong to, by the worker's id for it. */
    protected readonly tx?: number,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.thread.call("queryRaw", { query, tx: this.tx, owner: turnOwnerOfCaller() });
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.thread.call("executeRaw", { query, tx: this.tx, owner: turnOwnerOfCaller() });
  }
}

class ForwardedTransaction extends ForwardedQueryable implements Transaction {
  constructor(
    thread: PGliteThread,
    tx: number,
    readonly options: TransactionOptions,
  ) {
    super(thread, tx);
  }

  commit(): Promise<void> {
    return this.thread.call("commit", { tx: this.tx });
  }

  rollback(): Promise<void> {
    return this.thread.call("rollback", { tx: this.tx });
  }
}

class ForwardedAdapter extends ForwardedQueryable implements SqlDriverAdapter {
  constructor(
    thread: PGliteThread,
    private readonly onDispose: () => Promise<void> = async () => {},
  ) {
    super(thread);
  }

  executeScript(script: string): Promise<void> {
    return this.thread.call("executeScript", { script, owner: turnOwnerOfCaller() });
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const { id, options } = await this.thread.call<{ id: number; options: TransactionOptions }>("startTransaction", { isolationLevel, owner: turnOwnerOfCaller() });
    return new ForwardedTransaction(this.thread, id, options);
  }

  getConnectionInfo(): ConnectionInfo {
    return { schemaName: undefined, supportsRelationJoins: true };
  }

  dispose(): Promise<void> {
    return this.onDispose();
  }
}

export interface PGliteWorker {
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Subscribes to a NOTIFY channel; notifications arrive once the sending transaction commits. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** The turn owners whose calls wait for the connection, in turn order, with how many calls each (tests, diagnostics). */
  waitingTurns(): Promise<{ owner: string; calls: number }[]>;
  /** The data directory as an uncompressed tar (tests copy a migrated one). */
  dumpDataDir(): Promise<Blob>;
  /** After the calls in flight and the last open transaction. */
  close(): Promise<void>;
}

/** Starts a worker thread owning a PGlite database (with pg_trgm) and returns its Prisma adapter factory. */
export function startPGliteWorker(options: PGliteWorkerOptions): PGliteWorker {
  const thread = new PGliteThread(options);
  serveTurns();
  return {
    adapterFactory: {
      provider: "postgres",
      adapterName,
      connect: async () => new ForwardedAdapter(thread),
      // The schema engine replays migrations into a shadow database (schema diffs): an in-memory one on
      // a thread of its own, ended when the engine lets it go.
      connectToShadowDb: async () => {
        const shadow = new PGliteThread({});
        return new ForwardedAdapter(shadow, () => shadow.close());
      },
    },
    listen: (channel, onNotify) => thread.listen(channel, onNotify),
    waitingTurns: () => thread.call("waitingTurns"),
    dumpDataDir: () => thread.call("dumpDataDir"),
    close: () => thread.close(),
  };
}
