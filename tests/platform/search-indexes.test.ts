// Search (app-api section 7) is served by pg_trgm GIN indexes on both databases, and on PostgreSQL a
// statement of request work that runs past the statement timeout is stopped and answered 503.
import { describe, expect, it } from "vitest";
import { getDb, openDatabase } from "@/server/db";
import { toAppError } from "@/server/errors";
import { apiOrganization } from "../harness/factories";
import { planOf } from "../harness/query-plans";
import { adminUrl, databaseUrl, runId, withAdminClient } from "../setup/test-database";

// A task's text is indexed beside its organization's key (btree_gin), so that a search reads only its
// organization's candidates (migration 20261129005848, tasks.ts `searchTasks`).
const TRIGRAM_INDEXES = [
  "Constellation_goal_trgm_idx",
  "Constellation_title_trgm_idx",
  "Customer_company_trgm_idx",
  "Customer_name_trgm_idx",
  "Task_description_search_idx",
  "Task_title_search_idx",
];

describe("search indexes", () => {
  it("has pg_trgm and a GIN trigram index on each searched column", async () => {
    const db = await getDb();
    expect(await db.$queryRaw`SELECT extname FROM pg_extension WHERE extname IN ('btree_gin', 'pg_trgm') ORDER BY extname`).toEqual([{ extname: "btree_gin" }, { extname: "pg_trgm" }]);
    const indexes = await db.$queryRaw<{ indexname: string; indexdef: string }[]>`
      SELECT indexname, indexdef FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`;
    expect(indexes.map((index) => index.indexname)).toEqual(TRIGRAM_INDEXES);
    for (const index of indexes) expect(index.indexdef).toMatch(/USING gin/i);
  });

  it.each([
    ["Customer", `"name" ILIKE '%quarterly%' OR "company" ILIKE '%quarterly%'`, "Customer_name_trgm_idx", "Customer_company_trgm_idx"],
    ["Constellation", `"title" ILIKE '%quarterly%' OR "goal" ILIKE '%quarterly%'`, "Constellation_title_trgm_idx", "Constellation_goal_trgm_idx"],
  ])("serves a substring search on %s (%s) from the trigram indexes", async (table, condition, firstIndex, secondIndex) => {
    const plan = await planOf(`SELECT "id" FROM "${table}" WHERE ${condition}`);
    expect(plan).toContain(firstIndex);
    expect(plan).toContain(secondIndex);
  });

  it("serves a task search from the indexes keyed by organization: only its organization's tasks are read", async () => {
    // With rows in the table: on an empty one the planner may prefer another index. (Whether it also
    // reads the term's trigrams from the index or checks the organization's rows is its choice by
    // their counts.)
    const { admin } = await apiOrganization(["*"]);
    const db = await getDb();
    await db.$executeRaw`
      INSERT INTO "Task" ("id", "organizationId", "title", "description", "updatedAt")
      SELECT 'search_' || n, ${admin.organizationId}, 'Task ' || n, 'Notes for task ' || n, now() FROM generate_series(1, 2000) AS n`;
    await db.$executeRawUnsafe(`ANALYZE "Task"`);
    const plan = await planOf(`SELECT "id" FROM "Task" WHERE ("organizationId" || '') = '${admin.organizationId}' AND ("title" ILIKE '%quarterly%' OR "description" ILIKE '%quarterly%')`);
    expect(plan).toMatch(/Bitmap Index Scan on "?Task_(title|description)_search_idx"?[^\n]*\n\s+Index Cond: \(\("organizationId" \|\| ''::text\) = '[^']+'::text\)/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("still finds substrings through the API, special characters taken literally", async () => {
    const { api } = await apiOrganization(["*"]);
    for (const title of ["Quarterly report 100%", "Annual report", "quarterly_review"]) expect((await api.post("/api/v1/tasks", { title })).status).toBe(201);
    const found = await api.get(`/api/v1/tasks?search=${encodeURIComponent("QUARTERLY")}`);
    expect(found.body.data.map((task: { title: string }) => task.title).sort()).toEqual(["Quarterly report 100%", "quarterly_review"]);
    expect((await api.get(`/api/v1/tasks?search=${encodeURIComponent("100%")}`)).body.data).toHaveLength(1);
    expect((await api.get(`/api/v1/tasks?search=${encodeURIComponent("y_r")}`)).body.data).toHaveLength(1);
  });
});

describe.runIf(Boolean(adminUrl))("the statement timeout on PostgreSQL", () => {
  it("cancels a statement past DATABASE_STATEMENT_TIMEOUT_MS and answers it as a 503 with Retry-After", async () => {
    const name = `orbit_test_${runId}_timeout`;
    await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
    const database = openDatabase({ databaseUrl: databaseUrl(name), pgliteDir: "memory://", databaseStatementTimeoutMs: 200 });
    try {
      const started = Date.now();
      const error = await database.prisma.$queryRaw`SELECT pg_sleep(5)`.then(() => undefined, (caught: unknown) => caught);
      expect(Date.now() - started).toBeLessThan(3_000);
      const appError = toAppError(error, { log: false });
      expect(appError.code).toBe("service_unavailable");
      expect(appError.status).toBe(503);
      expect(appError.headers).toEqual({ "retry-after": "1" });
      // The pool goes on serving.
      expect(await database.prisma.$queryRaw`SELECT 1 AS "one"`).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  });
});
