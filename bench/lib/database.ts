// Benchmark databases: the one named by DATABASE_URL, or a throwaway database created on a PostgreSQL
// server for this run and dropped at the end.
import { randomBytes } from "node:crypto";
import pg from "pg";

export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";

export interface BenchDatabase {
  /** Connection string the app and the benchmark use. */
  url: string;
  /** True when this run created the database (and `drop` removes it). */
  isThrowaway: boolean;
  /** Drops a throwaway database, ending any connection still open on it; a no-op otherwise. Idempotent. */
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `existingUrl` (usually DATABASE_URL) is used as it is and never dropped. Without it a database
 * `<prefix>_<random>` is created through `adminUrl`, which must point at any database of a server
 * where the user may CREATE DATABASE.
 */
export async function openBenchDatabase(options: { prefix: string; existingUrl?: string; adminUrl?: string }): Promise<BenchDatabase> {
  if (options.existingUrl) return { url: options.existingUrl, isThrowaway: false, drop: async () => {} };
  const adminUrl = options.adminUrl || DEFAULT_ADMIN_URL;
  const name = `${options.prefix}_${randomBytes(4).toString("hex")}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  let dropped: Promise<void> | undefined;
  return {
    url: withDatabaseName(adminUrl, name),
    isThrowaway: true,
    drop() {
      dropped ??= withClient(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
      return dropped;
    },
  };
}
