// Public API v1 constellations (contract 2.4, 3.2, 4.1, 4.2 rules 9-11, 9; app-api 6, 7): list and create.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { apiOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";
import { CONSTELLATION_KEYS, ISO_UTC, expectForbidden, expectKeys, expectValidationError, tamper, walkPages } from "../harness/resource-lists";

type ConstellationSeed = { title: string; goal?: string; status?: "planning" | "in_progress" | "completed"; customerId?: string; createdAt?: Date; archived?: boolean; retrospective?: string };

async function insertConstellations(organizationId: string, rows: ConstellationSeed[]) {
  await (await getDb()).constellation.createMany({ data: rows.map((row) => ({ organizationId, ...row, archivedAt: row.archived ? new Date() : null })) });
}

async function constellationCount(organizationId: string) {
  return (await getDb()).constellation.count({ where: { organizationId } });
}

async function insertCustomer(organizationId: string, name = "Acme") {
  return (await getDb()).customer.create({ data: { organizationId, name } });
}

describe("POST /api/v1/constellations", () => {
  it("creates with title and goal: 201, the allowlisted shape, no owner", async () => {
    const { api, admin } = await apiOrganization(["constellations:write"]);
    const response = await api.post("/api/v1/constellations", { title: "  Launch  ", goal: "Reach orbit" });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("x-ratelimit-remaining")).toBe("999");
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_UTC), rateLimit: { limit: 1000, remaining: 999, reset: expect.any(Number) } });
    const constellation = response.body.data;
    expectKeys(constellation, CONSTELLATION_KEYS);
    expect(constellation).toEqual({
      id: expect.any(String),
      title: "Launch",
      goal: "Reach orbit",
      status: "planning",
      customerId: null,
      dueDate: null,
      archived: false,
      archivedAt: null,
      createdAt: expect.stringMatching(ISO_UTC),
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    const stored = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: constellation.id } });
    expect(stored).toMatchObject({ organizationId: admin.organizationId, ownerId: null, retrospective: null, boardLayout: null });
  });

  it("honors the deprecated aliases name (title) and description (goal) with 201", async () => {
    const { api } = await apiOrganization(["constellations:write"]);
    const aliased = await api.post("/api/v1/constellations", { name: "Old client", description: "Old goal" });
    expect(aliased.status, aliased.text).toBe(201);
    expect(aliased.body.data).toMatchObject({ title: "Old client", goal: "Old goal" });
    expectKeys(aliased.body.data, CONSTELLATION_KEYS);

    const mixed = await api.post("/api/v1/constellations", { title: "New", description: "via alias" });
    expect(mixed.status).toBe(201);
    expect(mixed.body.data).toMatchObject({ title: "New", goal: "via alias" });

    const same = await api.post("/api/v1/constellations", { title: "Same", name: "Same", goal: "g", description: "g" });
    expect(same.status).toBe(201);
    expect(same.body.data).toMatchObject({ title: "Same", goal: "g" });
    for (const body of [aliased, mixed, same]) {
      const stored = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: body.body.data.id } });
      expect(stored.title).toBe(body.body.data.title);
      expect(stored.goal).toBe(body.body.data.goal);
    }
  });

  it("refuses an alias that contradicts its canonical field, and a missing title, writing nothing", async () => {
    const { api, admin } = await apiOrganization(["constellations:write"]);
    expectValidationError(await api.post("/api/v1/constellations", { title: "A", name: "B" }), "name");
    expectValidationError(await api.post("/api/v1/constellations", { title: "A", goal: "x", description: "y" }), "description");
    expectValidationError(await api.post("/api/v1/constellations", { goal: "no title" }), "title");
    expectValidationError(await api.post("/api/v1/constellations", {}), "title");
    expectValidationError(await api.post("/api/v1/constellations", { title: "   " }), "title");
    expectValidationError(await api.post("/api/v1/constellations", { name: "" }), "name");
    expectValidationError(await api.post("/api/v1/constellations", { title: null }), "title");
    expectValidationError(await api.post("/api/v1/constellations", { title: "t".repeat(201) }), "title");
    expectValidationError(await api.post("/api/v1/constellations", { name: "t".repeat(201) }), "name");
    expectValidationError(await api.post("/api/v1/constellations", { title: "x", goal: "g".repeat(10_001) }), "goal");
    expectValidationError(await api.post("/api/v1/constellations", { title: "x", description: "g".repeat(10_001) }), "description");
    expect(await constellationCount(admin.organizationId)).toBe(0);
    expect((await api.post("/api/v1/constellations", { title: "t".repeat(200), goal: "g".repeat(10_000) })).status).toBe(201);
  });

  it("status: planning, in_progress, completed; active is the deprecated alias of in_progress; onHold and others are 400", async () => {
    const { api, admin } = await apiOrganization(["constellations:write"]);
    for (const [status, stored] of [["planning", "planning"], ["in_progress", "in_progress"], ["completed", "completed"], ["active", "in_progress"]]) {
      const response = await api.post("/api/v1/constellations", { title: status, status });
      expect(response.status, response.text).toBe(201);
      expect(response.body.data.status).toBe(stored);
      expect((await (await getDb()).constellation.findUniqueOrThrow({ where: { id: response.body.data.id } })).status).toBe(stored);
    }
    const before = await constellationCount(admin.organizationId);
    for (const status of ["onHold", "on_hold", "ACTIVE", "Planning", "", "archived", 1, null]) {
      expectValidationError(await api.post("/api/v1/constellations", { title: "x", status }), "status");
    }
    expect(await constellationCount(admin.organizationId)).toBe(before);
  });

  it("customerId must be a customer of the caller's organization, else 400 on customerId and nothing written", async () => {
    const { api, admin } = await apiOrganization(["constellations:write"]);
    const stranger = await apiOrganization(["*"]);
    const mine = await insertCustomer(admin.organizationId);
    const theirs = await insertCustomer(stranger.admin.organizationId, "Theirs");

    const ok = await api.post("/api/v1/constellations", { title: "For Acme", customerId: mine.id });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.customerId).toBe(mine.id);
    const none = await api.post("/api/v1/constellations", { title: "No customer", customerId: null });
    expect(none.status).toBe(201);
    expect(none.body.data.customerId).toBeNull();

    for (const customerId of [theirs.id, "no-such-customer", "", 5]) {
      const response = await api.post("/api/v1/constellations", { title: "Sneaky", customerId });
      expectValidationError(response, "customerId");
      expect(response.body.details).toHaveLength(1);
      expect(response.text).not.toContain("Theirs");
    }
    expect(await constellationCount(admin.organizationId)).toBe(2);
    expect(await constellationCount(stranger.admin.organizationId)).toBe(0);
  });

  it("dueDate: a date YYYY-MM-DD (midnight UTC) or a full ISO instant; answered as an ISO instant", async () => {
    const { api, admin } = await apiOrganization(["constellations:write"]);
    const cases: Array<[unknown, string | null]> = [
      ["2026-05-01", "2026-05-01T00:00:00.000Z"],
      ["2028-02-29", "2028-02-29T00:00:00.000Z"],
      ["2026-05-01T10:30:00Z", "2026-05-01T10:30:00.000Z"],
      ["2026-05-01T10:30:00.123+02:00", "2026-05-01T08:30:00.123Z"],
      ["2026-05-01T23:30:00-05:00", "2026-05-02T04:30:00.000Z"],
      [null, null],
    ];
    for (const [dueDate, expected] of cases) {
      const response = await api.post("/api/v1/constellations", { title: "due", dueDate });
      expect(response.status, `${dueDate} ${response.text}`).toBe(201);
      expect(response.body.data.dueDate).toBe(expected);
      const stored = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: response.body.data.id } });
      expect(stored.dueDate?.toISOString() ?? null).toBe(expected);
    }
    const before = await constellationCount(admin.organizationId);
    for (const dueDate of ["2026-02-30", "2027-02-29", "2026-13-01", "2026-05-01T10:30:00", "2026-05-01T25:00:00Z", "05/01/2026", "tomorrow", "", 1_777_000_000_000, true]) {
      expectValidationError(await api.post("/api/v1/constellations", { title: "bad due", dueDate }), "dueDate");
    }
    expect(await constellationCount(admin.organizationId)).toBe(before);
  });

  it("ignores fields outside the create body: owner, retrospective, board layout, organization, archive state", async () => {
    const { api, admin } = await apiOrganization(["constellations:write"]);
    const stranger = await apiOrganization(["*"]);
    const response = await api.post("/api/v1/constellations", {
      title: "Injected",
      ownerId: admin.userId,
      retrospective: "secret retro",
      boardLayout: { columns: ["x"] },
      organizationId: stranger.admin.organizationId,
      archived: true,
    });
    expect(response.status, response.text).toBe(201);
    expectKeys(response.body.data, CONSTELLATION_KEYS);
    expect(response.body.data.archived).toBe(false);
    const stored = await (await getDb()).constellation.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(stored).toMatchObject({ organizationId: admin.organizationId, ownerId: null, retrospective: null, boardLayout: null, archived: false });
  });

  it("needs constellations:write: constellations:read gets 403 naming the scope and writes nothing", async () => {
    const readOnly = await apiOrganization(["constellations:read", "tasks:*", "customers:*"]);
    expectForbidden(await readOnly.api.post("/api/v1/constellations", { title: "x" }), "constellations:write");
    expectForbidden(await readOnly.api.post("/api/v1/constellations", { status: "onHold" }), "constellations:write");
    expect(await constellationCount(readOnly.admin.organizationId)).toBe(0);
    for (const scopes of [["constellations:*"], ["*"], ["constellations:write"]]) {
      const { api } = await apiOrganization(scopes);
      expect((await api.post("/api/v1/constellations", { title: "ok" })).status).toBe(201);
    }
    expect((await new TestClient().post("/api/v1/constellations", { title: "x" })).status).toBe(401);
  });
});

describe("GET /api/v1/constellations", () => {
  it("lists newest first in the allowlisted shape; withheld fields never appear; never another organization's", async () => {
    const { api, admin } = await apiOrganization(["constellations:read"]);
    const stranger = await apiOrganization(["*"]);
    const db = await getDb();
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    await insertConstellations(stranger.admin.organizationId, [{ title: "Foreign project" }]);
    await db.constellation.create({
      data: { organizationId: admin.organizationId, ownerId: admin.userId, title: "Owned", retrospective: "retro-marker", boardLayout: { lanes: ["layout-marker"] }, createdAt: new Date(base + 1000) },
    });
    await insertConstellations(admin.organizationId, [{ title: "Older", createdAt: new Date(base) }]);

    const response = await api.get("/api/v1/constellations");
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta", "pagination"]);
    expect(response.body.pagination).toEqual({ hasMore: false });
    expect(response.body.data.map((row: { title: string }) => row.title)).toEqual(["Owned", "Older"]);
    for (const row of response.body.data) expectKeys(row, CONSTELLATION_KEYS);
    for (const marker of ["retro-marker", "layout-marker", admin.userId, "Foreign", admin.organizationId]) expect(response.text).not.toContain(marker);
  });

  it("filters by status (active aliases in_progress; onHold and unknown values are 400)", async () => {
    const { api, admin } = await apiOrganization(["constellations:read"]);
    await insertConstellations(admin.organizationId, [
      { title: "plan", status: "planning" },
      { title: "doing-1", status: "in_progress" },
      { title: "doing-2", status: "in_progress" },
      { title: "done", status: "completed" },
    ]);
    const titles = async (query: string) => {
      const response = await api.get(`/api/v1/constellations${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((row: { title: string }) => row.title).sort();
    };
    expect(await titles("?status=planning")).toEqual(["plan"]);
    expect(await titles("?status=in_progress")).toEqual(["doing-1", "doing-2"]);
    expect(await titles("?status=active")).toEqual(["doing-1", "doing-2"]);
    expect(await titles("?status=completed")).toEqual(["done"]);
    expect(await titles("")).toHaveLength(4);
    for (const status of ["onHold", "ACTIVE", "done", "", "in-progress"]) {
      expectValidationError(await api.get(`/api/v1/constellations?status=${status}`), "status");
    }
  });

  it("filters by customerId; another organization's customer id matches nothing", async () => {
    const { api, admin } = await apiOrganization(["constellations:read"]);
    const stranger = await apiOrganization(["*"]);
    const acme = await insertCustomer(admin.organizationId, "Acme");
    const globex = await insertCustomer(admin.organizationId, "Globex");
    const theirs = await insertCustomer(stranger.admin.organizationId, "Theirs");
    await insertConstellations(admin.organizationId, [
      { title: "acme-1", customerId: acme.id },
      { title: "acme-2", customerId: acme.id, status: "completed" },
      { title: "globex", customerId: globex.id },
      { title: "none" },
    ]);
    await insertConstellations(stranger.admin.organizationId, [{ title: "their-project", customerId: theirs.id }]);
    const titles = async (query: string) => {
      const response = await api.get(`/api/v1/constellations${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((row: { title: string }) => row.title).sort();
    };
    expect(await titles(`?customerId=${acme.id}`)).toEqual(["acme-1", "acme-2"]);
    expect(await titles(`?customerId=${acme.id}&status=completed`)).toEqual(["acme-2"]);
    expect(await titles(`?customerId=${globex.id}`)).toEqual(["globex"]);
    expect(await titles(`?customerId=${theirs.id}`)).toEqual([]);
    expectValidationError(await api.get("/api/v1/constellations?customerId="), "customerId");
  });

  it("search is a case-insensitive substring of title or goal, matched literally", async () => {
    const { api, admin } = await apiOrganization(["constellations:read"]);
    await insertConstellations(admin.organizationId, [
      { title: "Moon Landing", goal: "plant a flag" },
      { title: "Mars", goal: "Build a MOON base first" },
      { title: "Venus", retrospective: "moon talk" },
      { title: "50% done" },
      { title: "under_score" },
      { title: "underXscore" },
    ]);
    const titles = async (search: string) => {
      const response = await api.get(`/api/v1/constellations?search=${encodeURIComponent(search)}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((row: { title: string }) => row.title).sort();
    };
    expect(await titles("moon")).toEqual(["Mars", "Moon Landing"]);
    expect(await titles("FLAG")).toEqual(["Moon Landing"]);
    expect(await titles("talk")).toEqual([]);
    expect(await titles("%")).toEqual(["50% done"]);
    expect(await titles("_")).toEqual(["under_score"]);
    expect(await titles("  ")).toHaveLength(6);
  });

  it("excludes archived constellations unless includeArchived=true; only the literals true and false", async () => {
    const { api, admin } = await apiOrganization(["constellations:read"]);
    await insertConstellations(admin.organizationId, [{ title: "live" }, { title: "shelved", archived: true, status: "completed" }]);
    const titles = async (query: string) => {
      const response = await api.get(`/api/v1/constellations${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((row: { title: string }) => row.title).sort();
    };
    expect(await titles("")).toEqual(["live"]);
    expect(await titles("?includeArchived=false")).toEqual(["live"]);
    expect(await titles("?includeArchived=true")).toEqual(["live", "shelved"]);
    expect(await titles("?includeArchived=true&status=completed")).toEqual(["shelved"]);
    expect(await titles("?status=completed")).toEqual([]);
    for (const value of ["1", "TRUE", "yes", "", "t"]) {
      expectValidationError(await api.get(`/api/v1/constellations?includeArchived=${value}`), "includeArchived");
    }
  });

  it("needs constellations:read: tasks:* and constellations:write get 403; constellations:* and * work", async () => {
    for (const scopes of [["tasks:*"], ["constellations:write"], ["customers:*"]]) {
      const { api } = await apiOrganization(scopes);
      expectForbidden(await api.get("/api/v1/constellations"), "constellations:read");
    }
    for (const scopes of [["constellations:*"], ["*"], ["constellations:read"]]) {
      const { api } = await apiOrganization(scopes);
      expect((await api.get("/api/v1/constellations")).status).toBe(200);
    }
  });
});

describe("GET /api/v1/constellations pagination", () => {
  it("validates limit, defaults to 50 and reports hasMore exactly", async () => {
    const { api, admin } = await apiOrganization(["constellations:read"]);
    for (const limit of ["0", "101", "abc", "2.5"]) expectValidationError(await api.get(`/api/v1/constellations?limit=${limit}`), "limit");
    const base = Date.parse("2026-02-01T00:00:00.000Z");
    await insertConstellations(admin.organizationId, Array.from({ length: 51 }, (_, index) => ({ title: `p${index}`, createdAt: new Date(base + index * 1000) })));
    const first = await api.get("/api/v1/constellations");
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination).toEqual({ hasMore: true, cursor: expect.any(String) });
    const second = await api.get(`/api/v1/constellations?cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.map((row: { title: string }) => row.title)).toEqual(["p0"]);
    expect(second.body.pagination).toEqual({ hasMore: false });
    const exact = await api.get("/api/v1/constellations?limit=51");
    expect(exact.body.data).toHaveLength(51);
    expect(exact.body.pagination).toEqual({ hasMore: false });
  });

  it("walks every row exactly once in createdAt desc, id desc order, ties included, while rows are inserted", async () => {
    const { api, admin } = await apiOrganization(["constellations:*"]);
    const db = await getDb();
    const base = Date.parse("2026-03-01T00:00:00.000Z");
    await insertConstellations(
      admin.organizationId,
      Array.from({ length: 23 }, (_, index) => ({ title: `tie-${index}`, status: index % 2 ? "in_progress" : "planning", createdAt: new Date(base + Math.floor(index / 5) * 1000) })),
    );
    const expected = (
      await db.constellation.findMany({ where: { organizationId: admin.organizationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } })
    ).map((row) => row.id);
    const seen = await walkPages(api, "/api/v1/constellations", 3, async (pageIndex) => {
      await api.post("/api/v1/constellations", { title: `new-${pageIndex}` });
      await insertConstellations(admin.organizationId, [{ title: `late-${pageIndex}`, createdAt: new Date(base + 2000) }]);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);
    const extras = await db.constellation.findMany({ where: { id: { in: seen.filter((id) => !expected.includes(id)) } }, select: { title: true } });
    for (const extra of extras) expect(extra.title).toMatch(/^(new|late)-\d+$/);
    const order = (await db.constellation.findMany({ where: { id: { in: seen } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } })).map((row) => row.id);
    expect(seen).toEqual(order);

    const inProgress = await walkPages(api, "/api/v1/constellations?status=active", 2);
    expect(inProgress).toHaveLength(11);
  });

  it("refuses a tampered cursor and a customers cursor with 400 field cursor", async () => {
    const { api, admin } = await apiOrganization(["constellations:read", "customers:read"]);
    await insertConstellations(admin.organizationId, [{ title: "a" }, { title: "b" }]);
    await (await getDb()).customer.createMany({ data: [{ organizationId: admin.organizationId, name: "c1" }, { organizationId: admin.organizationId, name: "c2" }] });
    const cursor: string = (await api.get("/api/v1/constellations?limit=1")).body.pagination.cursor;
    expect((await api.get(`/api/v1/constellations?limit=1&cursor=${cursor}`)).status).toBe(200);
    expectValidationError(await api.get(`/api/v1/constellations?cursor=${tamper(cursor)}`), "cursor");
    expectValidationError(await api.get("/api/v1/constellations?cursor=%21%21"), "cursor");
    const customersCursor: string = (await api.get("/api/v1/customers?limit=1")).body.pagination.cursor;
    expectValidationError(await api.get(`/api/v1/constellations?cursor=${customersCursor}`), "cursor");
  });
});
