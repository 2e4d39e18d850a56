// Before each test file: a fresh database of its own, closed (and on PostgreSQL dropped) afterwards.
// PostgreSQL: a copy of the run's template database. PGlite: an in-memory database loaded from the
// run's migrated data directory.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, inject } from "vitest";
import { adminUrl, databaseUrl, runId, templateName, withAdminClient } from "./test-database";

let fileDatabase: string | undefined;

if (adminUrl) {
  fileDatabase = `orbit_test_${runId}_${randomBytes(4).toString("hex")}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${fileDatabase}" TEMPLATE "${templateName}"`));
  process.env.DATABASE_URL = databaseUrl(fileDatabase);
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const template = inject("pgliteTemplate");
  if (template) {
    const { openDatabase, openDatabaseWith } = await import("@/server/db");
    openDatabaseWith(() => openDatabase({ databaseUrl: undefined, pgliteDir: "memory://" }, { pgliteDataDir: new Blob([readFileSync(template)]) }));
  }
}

afterAll(async () => {
  const { closeDatabase } = await import("@/server/db");
  await closeDatabase();
  if (fileDatabase) await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${fileDatabase}" WITH (FORCE)`));
});
