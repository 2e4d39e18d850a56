// Once per run: migrate a template database that every test file copies. On PostgreSQL a template
// database; on PGlite a migrated data directory dumped to a file that each file's PGlite loads,
// skipping initdb and the migrations (most of a fresh PGlite's start-up).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { adminUrl, databaseUrl, runId, templateName, withAdminClient } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory (PGlite runs only). */
    pgliteTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const { applyPendingMigrations } = await import("@/server/migrations");

  if (!adminUrl) {
    // On the worker thread the app's database runs on, as each file's copy will.
    const { startPGliteWorker } = await import("@/server/pglite/worker-adapter");
    const pglite = startPGliteWorker({});
    await applyPendingMigrations(pglite.adapterFactory);
    const dataDir = await pglite.dumpDataDir();
    await pglite.close();
    const folder = mkdtempSync(path.join(tmpdir(), "orbit-test-"));
    const file = path.join(folder, "template.tar");
    writeFileSync(file, Buffer.from(await dataDir.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    return () => rmSync(folder, { recursive: true, force: true });
  }

  project.provide("pgliteTemplate", undefined);
  const { openDatabase } = await import("@/server/db");
  await withAdminClient((client) => client.query(`CREATE DATABASE "${templateName}"`));
  const database = openDatabase({ databaseUrl: databaseUrl(templateName), pgliteDir: "memory://" });
  await applyPendingMigrations(database.adapterFactory);
  await database.close();

  return async () => {
    await withAdminClient(async (client) => {
      const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`orbit_test_${runId}_%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}
