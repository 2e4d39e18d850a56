// Migrations are the schema's history: replaying them must give exactly schema.prisma.
import { describe, expect, it } from "vitest";
import { getDatabase, openDatabase } from "@/server/db";
import { applyPendingMigrations, diffMigrationsToSchema, readMigrationList } from "@/server/migrations";
import { adminUrl, databaseUrl, runId, withAdminClient } from "../setup/test-database";

describe("migrations", () => {
  // The WASM schema engine diffs two whole schemas: seconds on a quiet machine, far more on a busy one.
  it("agree with schema.prisma (the diff from migrations to schema is empty)", { timeout: 180_000 }, async () => {
    const scratch = openDatabase({ databaseUrl: undefined, pgliteDir: "memory://" });
    try {
      expect(await diffMigrationsToSchema(scratch.adapterFactory)).toBe("");
    } finally {
      await scratch.close();
    }
  });

  it("use Prisma's layout and are recorded in _prisma_migrations; re-applying is a no-op", async () => {
    const list = await readMigrationList();
    expect(list.lockfile.content).toMatch(/provider = "postgresql"/);
    expect(list.migrationDirectories.length).toBeGreaterThan(0);
    for (const directory of list.migrationDirectories) expect(directory.path).toMatch(/^\d{14}_[a-z0-9_]+$/);
    const database = await getDatabase();
    const applied = await database.prisma.$queryRawUnsafe<Array<{ migration_name: string; finished_at: Date | null }>>(
      `SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(applied.map((row) => row.migration_name)).toEqual(list.migrationDirectories.map((directory) => directory.path));
    expect(applied.every((row) => row.finished_at !== null)).toBe(true);
    // On PostgreSQL through a connection of its own, as the server migrates at boot (the schema engine disposes it).
    const again = database.kind === "postgres" ? openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: "memory://" }) : database;
    expect(await applyPendingMigrations(again.adapterFactory)).toEqual([]);
  });
});

describe.runIf(Boolean(adminUrl))("migrations on a PostgreSQL server", () => {
  it("are applied once when several servers boot at the same time (advisory lock)", async () => {
    const name = `orbit_test_${runId}_concurrent_boot`;
    await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
    const databases = [0, 1, 2].map(() => openDatabase({ databaseUrl: databaseUrl(name), pgliteDir: "memory://" }));
    try {
      const applied = await Promise.all(databases.map((database) => applyPendingMigrations(database.adapterFactory)));
      const { migrationDirectories } = await readMigrationList();
      expect(applied.flat().sort()).toEqual(migrationDirectories.map((directory) => directory.path).sort());
      expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
