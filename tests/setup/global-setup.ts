// Once per run: on PostgreSQL, migrate a template database that every test file copies.
import { adminUrl, databaseUrl, runId, templateName, withAdminClient } from "./test-database";

export default async function setup() {
  if (!adminUrl) return;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${templateName}"`));
  const { openDatabase } = await import("@/server/db");
  const { applyPendingMigrations } = await import("@/server/migrations");
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
