// `npm run bench:reports`: the time report over 100,000 time logs on PostgreSQL. Creates a throwaway
// database (or uses DATABASE_URL), one organization with 5 members, 20 customers (hourly rates and
// rounding), 50 projects and 10,000 tasks, bulk-loads 100,000 logs over a year, then runs the report
// service (one grouped statement each) for every grouping and prints the median time of REPEATS runs,
// the groups returned, and the plan of the statement. Not a test: it prints, it does not judge.
import { performance } from "node:perf_hooks";
import { openBenchDatabase, withClient } from "./lib/database";

const TIME_LOGS = 100_000;
const REPEATS = 7;
const GROUPINGS = ["customer", "project", "task", "member", "day", "week", "customer,project", "member,week"];

async function main(): Promise<void> {
  const database = await openBenchDatabase({ prefix: "orbit_bench_reports", existingUrl: process.env.DATABASE_URL, adminUrl: process.env.ORBIT_BENCH_PG_URL });
  process.env.DATABASE_URL = database.url;
  process.env.APP_ENV ??= "development";
  try {
    // Imported after DATABASE_URL is set: the client and its migrations read it once.
    const { getDb } = await import("@/server/db");
    const { timeReport } = await import("@/server/services/reports/time");
    const { timeReportInput } = await import("@/server/contract/time-report");
    const db = await getDb();
    const organization = await db.organization.create({ data: { name: "Bench" } });
    const org = organization.id;
    await withClient(database.url, async (client) => {
      await client.query(
        `INSERT INTO "User" (id, "organizationId", email, name, "passwordHash", role, "updatedAt")
         SELECT 'bu' || i, $1, 'bench' || i || '-' || $1 || '@example.com', 'Member ' || i, 'x', CASE WHEN i = 1 THEN 'admin'::"Role" ELSE 'member'::"Role" END, now()
         FROM generate_series(1, 5) AS i`,
        [org],
      );
      await client.query(
        `INSERT INTO "Customer" (id, "organizationId", name, "hourlyRateCents", currency, "roundingIncrementMinutes", "roundingMode", "updatedAt")
         SELECT 'bcu' || i, $1, 'Customer ' || i, 5000 + i * 250, CASE WHEN i % 4 = 0 THEN 'EUR' ELSE 'USD' END, (ARRAY[0, 6, 15])[1 + i % 3],
                (ARRAY['up', 'down', 'nearest']::"RoundingMode"[])[1 + i % 3], now()
         FROM generate_series(1, 20) AS i`,
        [org],
      );
      await client.query(`INSERT INTO "Constellation" (id, "organizationId", title, "customerId", "updatedAt") SELECT 'bp' || i, $1, 'Project ' || i, 'bcu' || (1 + i % 20), now() FROM generate_series(1, 50) AS i`, [org]);
      await client.query(`INSERT INTO "Task" (id, "organizationId", title, status, "updatedAt") SELECT 'bt' || i, $1, 'Task ' || i, 'todo', now() FROM generate_series(1, 10000) AS i`, [org]);
      await client.query(
        `INSERT INTO "TimeLog" (id, "organizationId", "userId", "taskId", "customerId", "constellationId", "startedAt", "durationSeconds", tags, "isBillable", source)
         SELECT 'bl' || i, $1, 'bu' || (1 + i % 5), 'bt' || (1 + i % 10000), CASE WHEN i % 10 = 0 THEN NULL ELSE 'bcu' || (1 + i % 20) END, 'bp' || (1 + i % 50),
                now() - i * (interval '365 days' / $2::int), 60 + (i * 37) % 7200, ARRAY[]::text[], i % 5 <> 0, 'manual'
         FROM generate_series(1, $2::int) AS i`,
        [org, TIME_LOGS],
      );
      await client.query("ANALYZE");
    });

    const viewer = { organizationId: org, timeZone: "Europe/Berlin", weekStart: "monday" as const, timeFormat: "h24" as const, durationFormat: "hm" as const, showAmounts: true };
    const range = { from: new Date(Date.now() - 366 * 86_400_000).toISOString(), to: new Date().toISOString() };
    console.log(`time report over ${TIME_LOGS.toLocaleString("en")} logs (a year), median of ${REPEATS} runs`);
    for (const groupBy of GROUPINGS) {
      const input = timeReportInput.parse({ ...range, groupBy });
      const times: number[] = [];
      let groups = 0;
      for (let run = 0; run < REPEATS; run += 1) {
        const started = performance.now();
        const report = await timeReport(db, viewer, input);
        times.push(performance.now() - started);
        groups = report.groups.length;
      }
      times.sort((a, b) => a - b);
      console.log(`  groupBy=${groupBy.padEnd(17)} ${times[Math.floor(REPEATS / 2)]!.toFixed(1).padStart(7)} ms  ${groups} groups`);
    }
    const plan = await withClient(database.url, (client) =>
      client.query(`EXPLAIN SELECT count(*) FROM "TimeLog" l WHERE l."organizationId" = $1 AND l."deletedAt" IS NULL AND l."startedAt" >= $2 AND l."startedAt" < $3 AND l."userId" = 'bu2'`, [org, range.from, range.to]),
    );
    console.log("plan of a member's report scan:");
    for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
    await db.$disconnect();
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
