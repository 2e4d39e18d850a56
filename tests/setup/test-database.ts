// Test databases. PGlite (default): each test file opens its own in-memory database. PostgreSQL
// (ORBIT_TEST_PG_URL set, see scripts/test-pg.ts): a template database is migrated once per run and
// each test file gets a copy of it, dropped afterwards.
import pg from "pg";

export const adminUrl = process.env.ORBIT_TEST_PG_URL;
export const runId = process.env.ORBIT_TEST_RUN_ID ?? String(process.pid);
export const templateName = `orbit_test_${runId}_template`;

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
