// Prisma migrations without Prisma's native engine: the WASM schema engine driven through a
// driver adapter. Same folder layout and `_prisma_migrations` bookkeeping as `prisma migrate deploy`.
import { readFile, readdir } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

const projectRoot = process.cwd();
export const schemaPath = path.join(projectRoot, "prisma", "schema.prisma");
export const migrationsDir = path.join(projectRoot, "prisma", "migrations");
const lockfileName = "migration_lock.toml";

type SchemaEngineModule = typeof import("@prisma/schema-engine-wasm");
let engineModule: Promise<SchemaEngineModule> | undefined;

/** The package imports its .wasm as an ES module; instantiate it by hand so no Node flag is needed. */
function loadEngineModule(): Promise<SchemaEngineModule> {
  engineModule ??= (async () => {
    const bindings = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as SchemaEngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    // Anchored at the project root, not import.meta.url: the production bundler replaces
    // `createRequire(import.meta.url).resolve(...)` with a module id, which is not a path.
    const nodeRequire = createRequire(path.join(projectRoot, "package.json"));
    const wasmPath = path.join(path.dirname(nodeRequire.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bindings;
  })();
  return engineModule;
}

/**
 * The PostgreSQL adapter runs a script by splitting it at every ";", also inside a function's body
 * (`$$ … ; … $$`). PostgreSQL itself takes a whole script as one simple query, which is how
 * `prisma migrate deploy` sends a migration; the embedded database's adapter already does.
 */
function wholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const pg = adapter as unknown as { client?: { query(sql: string): Promise<unknown> }; onError(error: unknown): never };
  if (adapter.adapterName === "@prisma/adapter-pg" && pg.client) {
    adapter.executeScript = async (script: string) => {
      try {
        await pg.client!.query(script);
      } catch (error) {
        pg.onError(error);
      }
    };
  }
  return adapter;
}

async function withEngine<T>(adapterFactory: SqlMigrationAwareDriverAdapterFactory, run: (engine: SchemaEngine, schema: string) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const schema = await readFile(schemaPath, "utf8");
  // The engine does not close what it connects; keep track so a pool is not left open.
  const opened: SqlDriverAdapter[] = [];
  const track = async (adapter: Promise<SqlDriverAdapter>) => {
    opened.push(wholeScripts(await adapter));
    return opened[opened.length - 1]!;
  };
  const trackingFactory: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: () => track(adapterFactory.connect()),
    connectToShadowDb: () => track(adapterFactory.connectToShadowDb()),
  };
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(trackingFactory));
  try {
    return await run(engine, schema);
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose().catch(() => {})));
  }
}

export async function readMigrationList(): Promise<MigrationList> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const directories = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const lockfile = await readFile(path.join(migrationsDir, lockfileName), "utf8").catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockfileName, content: lockfile },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      directories.map(async (name) => {
        const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8")
          .then((content) => ({ tag: "ok" as const, value: content }))
          .catch((error: Error) => ({ tag: "error" as const, value: error.message }));
        return { path: name, migrationFile: { path: "migration.sql", content: sql } };
      }),
    ),
  };
}

const noFilter = { externalTables: [], externalEnums: [] };

/** Applies pending migrations, recording them in `_prisma_migrations`. Returns the names applied. */
export async function applyPendingMigrations(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrationList();
  return withEngine(adapterFactory, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList, filters: noFilter });
    return result.appliedMigrationNames;
  });
}

/**
 * SQL that takes a database built from the migrations to the current schema; empty when they agree.
 * The adapter only provides the shadow database the migrations are replayed into.
 */
export async function diffMigrationsToSchema(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const migrationsList = await readMigrationList();
  return withEngine(adapterFactory, async (engine, schema) => {
    const result = await engine.diff({
      from: migrationsList.migrationDirectories.length ? { tag: "migrations", ...migrationsList } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilter,
    });
    const sql = (result.stdout ?? "").trim();
    return sql === "-- This is an empty migration." ? "" : sql;
  });
}

/** Drops everything in the database, including the migration history. */
export async function resetDatabase(adapterFactory: SqlMigrationAwareDriverAdapterFactory): Promise<void> {
  await withEngine(adapterFactory, (engine) => engine.reset({ filter: noFilter }));
}
