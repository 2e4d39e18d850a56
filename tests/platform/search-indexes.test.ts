// Search (app-api section 7) is served by pg_trgm GIN indexes on both databases, and on PostgreSQL a
// statement of request work that runs past the statement timeout is stopped and answered 503.
import { describe, expect, it } from "vitest";
import { getDb, openDatabase } from "@/server/db";
import { toAppError } from "@/server/errors";
import { apiOrganization } from "../harness/factories";
import { planOf } from "../harness/query-plans";
import { adminUrl, databaseUrl, runId, withAdminClient } from "../setup/test-database";

// A task's text is indexed behind its organization id, so that a search reads only its organization's
// candidates (migration 20261127023600, tasks.ts `searchTasks`).
const TRIGRAM_INDEXES = [
  "Constellation_goal_trgm_idx",
  "Constellation_title_trgm_idx",
  "Customer_company_trgm_idx",
  "Customer_name_trgm_idx",
  "Task_organization_description_trgm_idx",
  "Task_organization_title_trgm_idx",
];

describe("search indexes", () => {
  it("has pg_trgm and a GIN trigram index on each searched column", async () => {
    const db = await getDb();
    expect(await db.$queryRaw`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`).toEqual([{ extname: "pg_trgm" }]);
    const indexes = await db.$queryRaw<{ indexname: string; indexdef: string }[]>`
      SELECT indexname, indexdef FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`;
    expect(indexes.map((index) => index.indexname)).toEqual(TRIGRAM_INDEXES);
    for (const index of indexes) expect(index.indexdef).toMatch(/USING gin/i);
  });

  it.each([
    ["Task", `"organizationId" || ' ' || "title"`, `"organizationId" || ' ' || "description"`, "org_1 %quarterly%", "Task_organization_title_trgm_idx", "Task_organization_description_trgm_idx"],
    ["Customer", `"name"`, `"company"`, "%quarterly%", "Customer_name_trgm_idx", "Customer_company_trgm_idx"],
    ["Constellation", `"title"`, `"goal"`, "%quarterly%", "Constellation_title_trgm_idx", "Constellation_goal_trgm_idx"],
  ])("serves a substring search on %s (%s or %s) from the trigram indexes", async (table, first, second, pattern, firstIndex, secondIndex) => {
    const plan = await planOf(`SELECT "id" FROM "${table}" WHERE (${first}) ILIKE '${pattern}' OR (${second}) ILIKE '${pattern}'`);
    expect(plan).toContain(firstIndex);
    expect(plan).toContain(secondIndex);
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
