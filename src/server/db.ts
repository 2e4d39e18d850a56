// The one Prisma client. Which database runs is decided here and nowhere else: no DATABASE_URL means
// embedded PostgreSQL (PGlite), a postgres:// URL means a PostgreSQL server through a pool.
import { mkdirSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { getEnv, type Env } from "@/env";
import { Prisma, PrismaClient } from "@/generated/prisma/client";
import { applyPendingMigrations } from "@/server/migrations";
import { getLogger } from "@/server/operations/logger";
import { processState } from "@/server/process-state";
import { startPGliteWorker } from "@/server/pglite/worker-adapter";

export { Prisma };
export type Db = PrismaClient;
export type Tx = Prisma.TransactionClient;
/** Services take either the client or an open transaction. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

export interface Database {
  prisma: PrismaClient;
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  kind: "pglite" | "postgres";
  /** Subscribes to a PostgreSQL NOTIFY channel; notifications arrive once the sending transaction commits. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Takes the session-level advisory lock (namespace, key) on a connection kept open for it, or
   * resolves to undefined when another session holds it. Other sessions see it in pg_locks while it is
   * held; it goes when released, when its connection is lost, or with the process.
   */
  holdSessionLock(namespace: number, key: number): Promise<SessionLock | undefined>;
  /** The embedded database only: the turn owners whose calls wait for its one connection (load/database-turns.ts), with how many calls each. */
  waitingTurns?: () => Promise<{ owner: string; calls: number }[]>;
  close(): Promise<void>;
}

export interface SessionLock {
  /** Aborted once the lock is no longer held (its connection was lost, or it was released). */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from this data directory (a `dumpDataDir` of a migrated database) instead of an empty one. */
  pgliteDataDir?: Blob;
}

/** How long a transaction on the embedded database may wait for its turn (the write transactions' own bound). */
const PGLITE_TRANSACTION_MAX_WAIT_MS = 30_000;

/**
 * A pooled connection with an error listener from the moment it exists (also while it connects): an
 * error event without one would end the process.
 */
class ListenedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on("error", (error) => getLogger().warn({ code: (error as { code?: string }).code }, "database connection lost"));
  }
}

/**
 * `databaseStatementTimeoutMs` (PostgreSQL only): every statement of the pool is cancelled after that
 * long (SQLSTATE 57014, answered as a 503); unset for migrations and scripts, which may run long.
 */
export function openDatabase(
  env: Pick<Env, "databaseUrl" | "pgliteDir"> & Partial<Pick<Env, "databasePoolSize" | "databaseStatementTimeoutMs">>,
  options: OpenOptions = {},
): Database {
  if (env.databaseUrl) {
    const connectionString = env.databaseUrl;
    // Our own pool, so that every connection has an error listener: a connection the server drops
    // (a restart, a failover, pg_terminate_backend) while it is checked out between two statements
    // would otherwise raise an unhandled 'error' and end the process. Its queries fail (the request
    // answers 503) and the pool opens new connections.
    const timeout = env.databaseStatementTimeoutMs ? { statement_timeout: env.databaseStatementTimeoutMs } : {};
    const pool = new pg.Pool({ connectionString, max: env.databasePoolSize ?? 20, Client: ListenedClient, ...timeout });
    // (The adapter is typed against its own copy of @types/pg; the runtime class is the same.)
    const adapterFactory = new PrismaPg(pool as unknown as ConstructorParameters<typeof PrismaPg>[0], { disposeExternalPool: true });
    const prisma = new PrismaClient({ adapter: adapterFactory });
    hotPools.set(prisma, pool);
    const listeners = new Set<pg.Client>();
    return {
      prisma,
      adapterFactory,
      kind: "postgres",
      async listen(channel, onNotify) {
        // LISTEN needs a connection of its own that stays open, outside the pool.
        const client = new pg.Client({ connectionString });
        client.on("error", () => listeners.delete(client));
        await client.connect();
        client.on("notification", (message) => message.channel === channel && onNotify(message.payload ?? ""));
        await client.query(`LISTEN "${channel.replace(/"/g, "")}"`);
        listeners.add(client);
        return async () => {
          listeners.delete(client);
          await client.end().catch(() => {});
        };
      },
      async holdSessionLock(namespace, key) {
        // A connection of its own, outside the pool: the lock lives as long as the connection.
        const client = new pg.Client({ connectionString, keepAlive: true });
        const lost = new AbortController();
        const drop = () => {
          listeners.delete(client);
          lost.abort();
          void client.end().catch(() => {});
        };
        client.on("error", drop);
        client.on("end", drop);
        await client.connect();
        listeners.add(client);
        const [row] = (await client.query<{ isTaken: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS "isTaken"', [namespace, key]).catch((error: unknown) => {
          drop();
          throw error;
        })).rows;
        if (!row?.isTaken) {
          drop();
          return undefined;
        }
        return {
          lost: lost.signal,
          // Unlocked before the connection ends, so that the lock is gone when this resolves.
          release: async () => {
            if (lost.signal.aborted) return;
            await client.query("SELECT pg_advisory_unlock($1::int, $2::int)", [namespace, key]).catch(() => {});
            drop();
          },
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
        listeners.clear();
        await prisma.$disconnect();
      },
    };
  }
  const inMemory = env.pgliteDir.startsWith("memory://");
  if (!inMemory) mkdirSync(env.pgliteDir, { recursive: true });
  // PGlite runs on a worker thread of its own, so that a long statement does not stall the event loop.
  const pglite = startPGliteWorker({ dataDir: inMemory ? undefined : env.pgliteDir, loadDataDir: options.pgliteDataDir });
  // PGlite has one connection: a transaction waits until the ones before it end. Prisma's default
  // maxWait (2 s, a pool's wait) would refuse it behind a burst; with PGlite on the main thread its
  // timer could not fire while PGlite worked, so the wait was unbounded in effect.
  const prisma = new PrismaClient({ adapter: pglite.adapterFactory, transactionOptions: { maxWait: PGLITE_TRANSACTION_MAX_WAIT_MS } });
  return {
    prisma,
    adapterFactory: pglite.adapterFactory,
    kind: "pglite",
    listen: (channel, onNotify) => pglite.listen(channel, onNotify),
    // One process, one connection: the lock is held by the only session, and goes with the process.
    async holdSessionLock(namespace, key) {
      const [row] = await prisma.$queryRaw<{ isTaken: boolean }[]>`SELECT pg_try_advisory_lock(${namespace}::int, ${key}::int) AS "isTaken"`;
      if (!row?.isTaken) return undefined;
      const lost = new AbortController();
      return {
        lost: lost.signal,
        release: async () => {
          if (lost.signal.aborted) return;
          lost.abort();
          await prisma.$queryRaw`SELECT pg_advisory_unlock(${namespace}::int, ${key}::int)`;
        },
      };
    },
    waitingTurns: () => pglite.waitingTurns(),
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/** The pool under each PostgreSQL-server client, for `hotQuery`. */
const hotPools = new WeakMap<DbClient, pg.Pool>();

/**
 * Column types of `hotQuery` results, parsed into what `$queryRaw` returns for them (timestamps
 * without time zone are UTC, int8 is a bigint, the rest as pg parses them). A type outside this list
 * fails the statement instead of coming back in another shape than `$queryRaw`'s.
 */
const HOT_PARSED_AS_PG = new Set([16, 21, 23, 25, 114, 700, 701, 1000, 1005, 1007, 1009, 1015, 1043, 1184, 3802]);

/** The parser of one column type, as described above. */
function hotTypeParser(oid: number): (value: string) => unknown {
  if (oid === 1114) return (value) => new Date(`${value.replace(" ", "T")}Z`);
  if (oid === 20) return (value) => BigInt(value);
  if (HOT_PARSED_AS_PG.has(oid)) return pg.types.getTypeParser(oid, "text");
  // Enums (types created by the schema): their label, as `$queryRaw` returns it.
  if (oid >= 16384) return (value) => value;
  return () => {
    throw new Error(`hotQuery: column type ${oid} is not mapped; use $queryRaw`);
  };
}
/** Each type's parser, made once: pg asks for one per column of every result. */
const hotTypeParsers = new Map<number, (value: string) => unknown>();
const hotTypes = {
  getTypeParser(oid: number): (value: string) => unknown {
    let parser = hotTypeParsers.get(oid);
    if (!parser) {
      parser = hotTypeParser(oid);
      hotTypeParsers.set(oid, parser);
    }
    return parser;
  },
};

/**
 * Dates go as UTC instants (pg would send local time); the rest as `$queryRaw` sends them. Strings,
 * numbers and nulls (most parameters) return at once.
 */
const hotParameter = (value: unknown): unknown =>
  typeof value !== "object" || value === null ? value : value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.map(hotParameter) : value;

/**
 * How many distinct hot statement texts are prepared by name; later ones go unnamed. The hot
 * statements' texts depend only on which optional filters a request uses (a few dozen in all), so the
 * bound is never reached in practice; it keeps each connection's prepared statements bounded anyway.
 */
const MAX_PREPARED_HOT_STATEMENTS = 256;

/** A hot statement: its text's segments (the parts between its parameters), its text, and its prepared name. */
interface HotStatement {
  readonly strings: readonly string[];
  readonly text: string;
  /** Undefined until named, and again once its columns changed under the name (prepared afresh next time). */
  name: string | undefined;
}

/**
 * The hot statements by the lengths of their segments, each found again by comparing segments: a
 * request neither joins its statement's text again nor hashes it (the segments are strings joined
 * afresh by every Sql, and hashing one costs as much as the statement's own round of JavaScript),
 * and pg compares the text it prepared with the same string.
 */
const hotStatements = new Map<number, HotStatement[]>();
let hotStatementCount = 0;
let preparedCount = 0;

function segmentsKey(strings: readonly string[]): number {
  let key = strings.length;
  for (const segment of strings) key = (Math.imul(key, 31) + segment.length) | 0;
  return key;
}

function sameSegments(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** The statement `query` is, named while the bound allows (a statement beyond it runs unnamed). */
function hotStatementOf(query: Prisma.Sql): HotStatement {
  const key = segmentsKey(query.strings);
  const candidates = hotStatements.get(key);
  let statement = candidates?.find((candidate) => sameSegments(candidate.strings, query.strings));
  if (!statement) {
    statement = { strings: [...query.strings], text: query.text, name: undefined };
    if (hotStatementCount >= MAX_PREPARED_HOT_STATEMENTS) return statement;
    hotStatementCount += 1;
    if (candidates) candidates.push(statement);
    else hotStatements.set(key, [statement]);
  }
  statement.name ??= `orbit_hot_${(preparedCount += 1)}`;
  return statement;
}

/** SQLSTATE 0A000 "cached plan must not change result type": a migration changed a prepared statement's columns. */
const isStalePreparedStatement = (error: unknown) => (error as { code?: unknown }).code === "0A000";

/**
 * `db.$queryRaw(query)` for the public API's hot statements (its admission and the route's one
 * statement). On a PostgreSQL server it goes to the adapter's pool directly: Prisma's client spends
 * more CPU interpreting a raw statement and mapping its rows than the pg driver does sending it. Same
 * rows; a failure is pg's own error, which `toAppError` classifies as it does Prisma's (a statement
 * timeout or a lost connection is a 503). The embedded database and transactions take `$queryRaw`.
 *
 * Each distinct text is a named prepared statement, parsed once per pooled connection: PostgreSQL then
 * skips parsing and analysing it on every request (half the server's CPU of the admission statement).
 * If a migration changed the columns a prepared statement returns, the statement is run once more
 * unnamed and prepared afresh under a new name next time.
 */
export async function hotQuery<T>(db: DbClient, query: Prisma.Sql): Promise<T[]> {
  const pool = hotPools.get(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  const statement = hotStatementOf(query);
  const { text, name } = statement;
  const values = query.values.map(hotParameter);
  try {
    return (await pool.query({ text, values, types: hotTypes, name })).rows as T[];
  } catch (error) {
    if (name === undefined || !isStalePreparedStatement(error)) throw error;
    if (statement.name === name) statement.name = undefined;
    return (await pool.query({ text, values, types: hotTypes })).rows as T[];
  }
}

// In the process's registry so that dev-server reloads reuse one database (PGlite allows one opener).
const processDatabase = processState("database", () => ({
  opened: undefined as Promise<Database> | undefined,
  /** The database once `opened` resolved, for the requests that ask for it without waiting on a promise. */
  ready: undefined as Database | undefined,
  openMigrated: undefined as (() => Database) | undefined,
}));

/** The process's database, migrated to the latest schema on first use. */
export function getDatabase(): Promise<Database> {
  processDatabase.opened ??= (async () => {
    if (processDatabase.openMigrated) return (processDatabase.ready = processDatabase.openMigrated());
    const env = getEnv();
    if (!env.databaseUrl) {
      const database = openDatabase(env);
      await applyPendingMigrations(database.adapterFactory);
      getLogger().info({ kind: database.kind }, "database open");
      return (processDatabase.ready = database);
    }
    // Migrations run on a connection of their own without the requests' statement timeout; the
    // schema engine disposes the connection it opened, and with it that pool.
    await applyPendingMigrations(openDatabase({ ...env, databasePoolSize: 1, databaseStatementTimeoutMs: undefined }).adapterFactory);
    const database = openDatabase(env);
    getLogger().info({ kind: database.kind }, "database open");
    return (processDatabase.ready = database);
  })().catch((error) => {
    processDatabase.opened = undefined;
    throw error;
  });
  return processDatabase.opened;
}

export async function getDb(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** The process's database client once open, else undefined: a request's context takes it without a wait. */
export function openedDb(): PrismaClient | undefined {
  return processDatabase.ready?.prisma;
}

/** Opens the process's database with `open` from now on, already migrated (tests clone a migrated template). */
export function openDatabaseWith(open: () => Database): void {
  processDatabase.openMigrated = open;
}

/** Closes the process's database (tests, scripts). */
export async function closeDatabase(): Promise<void> {
  const pending = processDatabase.opened;
  processDatabase.opened = undefined;
  processDatabase.ready = undefined;
  if (!pending) return;
  const database = await pending;
  // Opened while this waited: not the process's database any more.
  if (processDatabase.ready === database) processDatabase.ready = undefined;
  await database.close();
}
