// Before each test file: a fresh database of its own, closed (and on PostgreSQL dropped) afterwards.
import { randomBytes } from "node:crypto";
import { afterAll } from "vitest";
import { adminUrl, databaseUrl, runId, templateName, withAdminClient } from "./test-database";

let fileDatabase: string | undefined;

if (adminUrl) {
  fileDatabase = `orbit_test_${runId}_${randomBytes(4).toString("hex")}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${fileDatabase}" TEMPLATE "${templateName}"`));
  process.env.DATABASE_URL = databaseUrl(fileDatabase);
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}

afterAll(async () => {
  const { closeDatabase } = await import("@/server/db");
  await closeDatabase();
  if (fileDatabase) await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${fileDatabase}" WITH (FORCE)`));
});
