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
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { applyPendingMigrations } = await import("@/server/migrations");

  if (!adminUrl) {
    const pglite = new PGlite({ extensions: { pg_trgm } });
    await applyPendingMigrations(new PrismaPGlite(pglite));
    const dataDir = await pglite.dumpDataDir("none");
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
