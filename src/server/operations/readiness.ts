// Readiness (GET /api/ready): the database answers and every migration in prisma/migrations is applied.
import type { Db } from "@/server/db";
import { readMigrationList } from "@/server/migrations";
import { processState } from "@/server/process-state";

export type Readiness = { ready: true } | { ready: false; reason: "database_unavailable" | "migrations_pending" | "shutting_down" };

const shutdown = processState("shuttingDown", () => ({ isShuttingDown: false }));

/** From SIGTERM on, the instance reports itself not ready so that a load balancer drains it. */
export function markShuttingDown(): void {
  shutdown.isShuttingDown = true;
}

export function isShuttingDown(): boolean {
  return shutdown.isShuttingDown;
}

/** Names of migrations on disk that the database has not finished applying. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { migrationDirectories } = await readMigrationList();
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  return migrationDirectories.map((directory) => directory.path).filter((name) => !applied.has(name));
}

export async function checkReadiness(getDb: () => Promise<Db>): Promise<Readiness> {
  if (isShuttingDown()) return { ready: false, reason: "shutting_down" };
  let db: Db;
  try {
    db = await getDb();
    await db.$queryRaw`SELECT 1`;
  } catch {
    return { ready: false, reason: "database_unavailable" };
  }
  const pending = await pendingMigrations(db).catch(() => ["unknown"]);
  return pending.length ? { ready: false, reason: "migrations_pending" } : { ready: true };
}
