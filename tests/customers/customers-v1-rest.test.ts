// Public API v1 customers (contract 2.3, 4.1, 4.2 rule 9; app-api 6, 7): list and create.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { apiClient, apiOrganization, createApiKey } from "../harness/factories";
import { TestClient } from "../harness/http";
import { CUSTOMER_KEYS, ISO_UTC, expectForbidden, expectKeys, expectValidationError, tamper, walkPages } from "../harness/resource-lists";

async function insertCustomers(organizationId: string, rows: Array<{ name: string; company?: string; createdAt?: Date; archived?: boolean; notes?: string; contactEmail?: string }>) {
  const db = await getDb();
  await db.customer.createMany({
    data: rows.map((row) => ({ organizationId, ...row, archivedAt: row.archived ? new Date() : null })),
  });
}

async function customerCount(organizationId: string) {
  return (await getDb()).customer.count({ where: { organizationId } });
}

describe("POST /api/v1/customers", () => {
  it("creates a customer with only a name: 201, the full allowlisted shape and its defaults", async () => {
    const { api, admin } = await apiOrganization(["customers:write"]);
    const response = await api.post("/api/v1/customers", { name: "  Acme Rockets  " });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("ratelimit-limit")).toBe("1000");
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_UTC), rateLimit: { limit: 1000, remaining: 999, reset: expect.any(Number) } });
    const customer = response.body.data;
    expectKeys(customer, CUSTOMER_KEYS);
    expect(customer).toEqual({
      id: expect.any(String),
      name: "Acme Rockets",
      company: null,
      contactName: null,
      color: null,
      logoUrl: null,
      hourlyRateCents: null,
      fixedRateCents: null,
      currency: "USD",
      taxRateBps: 0,
      roundingIncrementMinutes: 0,
      roundingMode: "nearest",
      paymentLinkUrl: null,
      billingType: "hourly",
      archived: false,
      archivedAt: null,
      createdAt: expect.stringMatching(ISO_UTC),
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(stored.organizationId).toBe(admin.organizationId);
    expect(stored.createdAt.toISOString()).toBe(customer.createdAt);
  });

  it("stores email, phone and notes as private data and never returns them", async () => {
    const { api } = await apiOrganization(["customers:*"]);
    const body = {
      name: "Globex",
      email: "billing@globex.example",
      phone: "+1 (555) 010-9999 ext. 42",
      company: "Globex Corporation",
      notes: "pays late; secret-note-marker",
      contactName: "Hank Scorpio",
      color: "#1A2b3C",
      logoUrl: "https://cdn.globex.example/logo.png",
    };
    const response = await api.post("/api/v1/customers", body);
    expect(response.status, response.text).toBe(201);
    const customer = response.body.data;
    expectKeys(customer, CUSTOMER_KEYS);
    expect(customer).toMatchObject({ name: "Globex", company: "Globex Corporation", contactName: "Hank Scorpio", color: "#1A2b3C", logoUrl: "https://cdn.globex.example/logo.png" });
    for (const withheld of ["email", "phone", "notes", "contactEmail", "contactPhone", "organizationId"]) expect(customer).not.toHaveProperty(withheld);
    for (const secret of ["billing@globex.example", "010-9999", "secret-note-marker"]) expect(response.text).not.toContain(secret);

    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: customer.id } });
    expect(stored).toMatchObject({ contactEmail: "billing@globex.example", contactPhone: "+1 (555) 010-9999 ext. 42", notes: "pays late; secret-note-marker" });

    const list = await api.get("/api/v1/customers");
    expect(list.status).toBe(200);
    expectKeys(list.body.data[0], CUSTOMER_KEYS);
    for (const secret of ["billing@globex.example", "010-9999", "secret-note-marker"]) expect(list.text).not.toContain(secret);
  });

  it("ignores fields outside the create body: the organization, id, archive state and billing cannot be injected", async () => {
    const other = await apiOrganization(["*"]);
    const { api, admin } = await apiOrganization(["customers:write"]);
    const response = await api.post("/api/v1/customers", {
      name: "Initech",
      id: "chosen-id",
      organizationId: other.admin.organizationId,
      archived: true,
      archivedAt: "2020-01-01T00:00:00Z",
      hourlyRateCents: 99_999,
      contactEmail: "x@y.example",
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({ archived: false, archivedAt: null, hourlyRateCents: null });
    expect(response.body.data.id).not.toBe("chosen-id");
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(stored.organizationId).toBe(admin.organizationId);
    expect(stored.contactEmail).toBeNull();
    expect(await customerCount(other.admin.organizationId)).toBe(0);
  });

  it("treats blank and null optional fields as not set; accepts a 200-character name", async () => {
    const { api } = await apiOrganization(["customers:write"]);
    const response = await api.post("/api/v1/customers", { name: "n".repeat(200), email: "", phone: null, company: "   ", color: null, logoUrl: "" });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({ name: "n".repeat(200), company: null, color: null, logoUrl: null });
    const stored = await (await getDb()).customer.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(stored.contactEmail).toBeNull();
    expect(stored.contactPhone).toBeNull();
  });

  it("accepts http logo URLs, lowercase and uppercase hex colors and common phone formats", async () => {
    const { api } = await apiOrganization(["customers:write"]);
    for (const body of [
      { name: "a", logoUrl: "http://logos.example/a.svg", color: "#abcdef", phone: "030 1234567" },
      { name: "b", color: "#ABCDEF", phone: "+44 20 7946 0958" },
      { name: "c", phone: "555.123.4567 x12" },
    ]) {
      const response = await api.post("/api/v1/customers", body);
      expect(response.status, `${JSON.stringify(body)} ${response.text}`).toBe(201);
    }
  });

  it("rejects invalid fields with 400 naming each field, and writes nothing", async () => {
    const { api, admin } = await apiOrganization(["customers:write"]);
    const cases: Array<[unknown, string]> = [
      [{}, "name"],
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ name: null }, "name"],
      [{ name: 42 }, "name"],
      [{ name: "n".repeat(201) }, "name"],
      [{ name: "x", email: "not-an-email" }, "email"],
      [{ name: "x", email: "a@b" }, "email"],
      [{ name: "x", email: `${"a".repeat(250)}@b.co` }, "email"],
      [{ name: "x", phone: "call me" }, "phone"],
      [{ name: "x", phone: "12" }, "phone"],
      [{ name: "x", phone: "1".repeat(51) }, "phone"],
      [{ name: "x", company: "c".repeat(201) }, "company"],
      [{ name: "x", contactName: "c".repeat(201) }, "contactName"],
      [{ name: "x", notes: "n".repeat(10_001) }, "notes"],
      [{ name: "x", color: "red" }, "color"],
      [{ name: "x", color: "#fff" }, "color"],
      [{ name: "x", color: "#GGGGGG" }, "color"],
      [{ name: "x", color: "ff0000" }, "color"],
      [{ name: "x", logoUrl: "ftp://files.example/logo.png" }, "logoUrl"],
      [{ name: "x", logoUrl: "javascript:alert(1)" }, "logoUrl"],
      [{ name: "x", logoUrl: "logo.png" }, "logoUrl"],
      [{ name: "x", logoUrl: "https://a.example/ x.png" }, "logoUrl"],
      [{ name: "x", logoUrl: `https://a.example/${"x".repeat(2048)}` }, "logoUrl"],
      [{ name: "x", email: 5 }, "email"],
    ];
    for (const [body, field] of cases) {
      const response = await api.post("/api/v1/customers", body);
      expectValidationError(response, field);
      expect(response.body.details).toHaveLength(1);
    }
    const several = await api.post("/api/v1/customers", { email: "nope", color: "blue" });
    expect(several.status).toBe(400);
    expect(several.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(["color", "email", "name"]);
    const array = await api.post("/api/v1/customers", [{ name: "x" }]);
    expectValidationError(array, "body");
    expect(await customerCount(admin.organizationId)).toBe(0);
  });

  it("needs customers:write: customers:read gets 403 naming the scope and writes nothing; customers:* and * work", async () => {
    const readOnly = await apiOrganization(["customers:read"]);
    expectForbidden(await readOnly.api.post("/api/v1/customers", { name: "x" }), "customers:write");
    expect(await customerCount(readOnly.admin.organizationId)).toBe(0);

    const tasksOnly = await apiOrganization(["tasks:*", "constellations:*"]);
    expectForbidden(await tasksOnly.api.post("/api/v1/customers", { name: "x" }), "customers:write");

    // Scope is decided before validation: an invalid body from a key without the scope is still 403.
    expectForbidden(await readOnly.api.post("/api/v1/customers", {}), "customers:write");

    for (const scopes of [["customers:*"], ["*"], ["customers:write"]]) {
      const { api } = await apiOrganization(scopes);
      expect((await api.post("/api/v1/customers", { name: "ok" })).status).toBe(201);
    }
  });

  it("needs an API key (401) and never reads a session cookie", async () => {
    const { admin } = await apiOrganization(["*"]);
    const response = await admin.client.post("/api/v1/customers", { name: "x" });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("unauthorized");
    expect(await customerCount(admin.organizationId)).toBe(0);
  });
});

describe("GET /api/v1/customers", () => {
  it("lists the organization's customers newest first in the allowlisted shape, never another organization's", async () => {
    const { api, admin } = await apiOrganization(["customers:read"]);
    const other = await apiOrganization(["*"]);
    await insertCustomers(other.admin.organizationId, [{ name: "Foreign Acme", company: "Acme" }]);
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    await insertCustomers(admin.organizationId, [
      { name: "Oldest", createdAt: new Date(base) },
      { name: "Middle", createdAt: new Date(base + 1000), notes: "private", contactEmail: "hidden@example.com" },
      { name: "Newest", createdAt: new Date(base + 2000) },
    ]);
    const response = await api.get("/api/v1/customers");
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta", "pagination"]);
    expect(response.body.pagination).toEqual({ hasMore: false });
    expect(response.body.meta.rateLimit).toEqual({ limit: 1000, remaining: expect.any(Number), reset: expect.any(Number) });
    expect(response.body.data.map((customer: { name: string }) => customer.name)).toEqual(["Newest", "Middle", "Oldest"]);
    for (const customer of response.body.data) expectKeys(customer, CUSTOMER_KEYS);
    expect(response.text).not.toContain("Foreign");
    expect(response.text).not.toContain("hidden@example.com");
    expect(response.text).not.toContain(admin.organizationId);

    const foreign = await other.api.get("/api/v1/customers");
    expect(foreign.body.data.map((customer: { name: string }) => customer.name)).toEqual(["Foreign Acme"]);
  });

  it("search is a case-insensitive substring of name or company, matched literally", async () => {
    const { api, admin } = await apiOrganization(["customers:read"]);
    await insertCustomers(admin.organizationId, [
      { name: "Acme Rockets", company: null as unknown as string },
      { name: "Wile E.", company: "ACME Holdings" },
      { name: "Road Runner", company: "Beep Inc", notes: "acme note", contactEmail: "acme@example.com" },
      { name: "100% Juice" },
      { name: "1000 Juices" },
      { name: "snake_case" },
      { name: "snakeXcase" },
      { name: "back\\slash" },
    ]);
    const names = async (search: string) => {
      const response = await api.get(`/api/v1/customers?search=${encodeURIComponent(search)}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((customer: { name: string }) => customer.name).sort();
    };
    expect(await names("acme")).toEqual(["Acme Rockets", "Wile E."]);
    expect(await names("aCmE h")).toEqual(["Wile E."]);
    expect(await names("ROCK")).toEqual(["Acme Rockets"]);
    expect(await names("beep")).toEqual(["Road Runner"]);
    expect(await names("note")).toEqual([]);
    expect(await names("@example.com")).toEqual([]);
    expect(await names("0%")).toEqual(["100% Juice"]);
    expect(await names("%")).toEqual(["100% Juice"]);
    expect(await names("_")).toEqual(["snake_case"]);
    expect(await names("\\")).toEqual(["back\\slash"]);
    expect(await names("zzz")).toEqual([]);
    expect(await names("")).toHaveLength(8);
    expectValidationError(await api.get(`/api/v1/customers?search=${"s".repeat(201)}`), "search");
  });

  it("excludes archived customers unless includeArchived=true; accepts only the literals true and false", async () => {
    const { api, admin } = await apiOrganization(["customers:read"]);
    await insertCustomers(admin.organizationId, [{ name: "Active Acme" }, { name: "Archived Acme", archived: true }]);
    const names = async (query: string) => {
      const response = await api.get(`/api/v1/customers${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((customer: { name: string }) => customer.name).sort();
    };
    expect(await names("")).toEqual(["Active Acme"]);
    expect(await names("?includeArchived=false")).toEqual(["Active Acme"]);
    expect(await names("?includeArchived=true")).toEqual(["Active Acme", "Archived Acme"]);
    expect(await names("?includeArchived=true&search=archived")).toEqual(["Archived Acme"]);
    expect(await names("?search=archived")).toEqual([]);
    const archived = (await api.get("/api/v1/customers?includeArchived=true&search=archived")).body.data[0];
    expect(archived.archived).toBe(true);
    expect(archived.archivedAt).toMatch(ISO_UTC);
    for (const value of ["1", "0", "TRUE", "True", "yes", "", "false ", "on"]) {
      expectValidationError(await api.get(`/api/v1/customers?includeArchived=${encodeURIComponent(value)}`), "includeArchived");
    }
  });

  it("needs customers:read: tasks:* and customers:write get 403; customers:* and * work", async () => {
    for (const scopes of [["tasks:*"], ["customers:write"], ["constellations:*", "time-logs:read"]]) {
      const { api } = await apiOrganization(scopes);
      expectForbidden(await api.get("/api/v1/customers"), "customers:read");
    }
    for (const scopes of [["customers:*"], ["*"], ["customers:read"]]) {
      const { api } = await apiOrganization(scopes);
      expect((await api.get("/api/v1/customers")).status).toBe(200);
    }
    expect((await new TestClient().get("/api/v1/customers")).status).toBe(401);
  });
});

describe("GET /api/v1/customers pagination", () => {
  it("validates limit (1-100, integer) with details field limit", async () => {
    const { api } = await apiOrganization(["customers:read"]);
    for (const limit of ["0", "101", "abc", "-1", "1.5", ""]) {
      expectValidationError(await api.get(`/api/v1/customers?limit=${limit}`), "limit");
    }
    for (const limit of ["1", "100"]) expect((await api.get(`/api/v1/customers?limit=${limit}`)).status).toBe(200);
  });

  it("defaults to 50 per page with an exact hasMore", async () => {
    const { api, admin } = await apiOrganization(["customers:read"]);
    const base = Date.parse("2026-02-01T00:00:00.000Z");
    await insertCustomers(admin.organizationId, Array.from({ length: 50 }, (_, index) => ({ name: `c${index}`, createdAt: new Date(base + index * 1000) })));

    const exactlyFifty = await api.get("/api/v1/customers");
    expect(exactlyFifty.body.data).toHaveLength(50);
    expect(exactlyFifty.body.pagination).toEqual({ hasMore: false });
    const exactLimit = await api.get("/api/v1/customers?limit=50");
    expect(exactLimit.body.pagination).toEqual({ hasMore: false });

    await insertCustomers(admin.organizationId, [{ name: "c-old", createdAt: new Date(base - 1000) }]);
    const first = await api.get("/api/v1/customers");
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination).toEqual({ hasMore: true, cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    expect(first.body.data[0].name).toBe("c49");
    const second = await api.get(`/api/v1/customers?cursor=${first.body.pagination.cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data.map((customer: { name: string }) => customer.name)).toEqual(["c-old"]);
    expect(second.body.pagination).toEqual({ hasMore: false });
  });

  it("walks every row exactly once in createdAt desc, id desc order, ties included, while rows are inserted", async () => {
    const { api, admin } = await apiOrganization(["customers:*"]);
    const other = await apiOrganization(["*"]);
    const db = await getDb();
    const base = Date.parse("2026-03-01T00:00:00.000Z");
    // 5 instants, 6 customers each: most page boundaries fall inside a group of equal createdAt.
    await insertCustomers(
      admin.organizationId,
      Array.from({ length: 30 }, (_, index) => ({ name: `tie-${index}`, createdAt: new Date(base + Math.floor(index / 6) * 60_000), archived: index === 7 })),
    );
    await insertCustomers(other.admin.organizationId, Array.from({ length: 5 }, (_, index) => ({ name: `foreign-${index}`, createdAt: new Date(base + index * 60_000) })));
    const expected = (
      await db.customer.findMany({ where: { organizationId: admin.organizationId, archived: false }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } })
    ).map((row) => row.id);
    expect(expected).toHaveLength(29);

    const seen = await walkPages(api, "/api/v1/customers", 4, async (pageIndex) => {
      // Inserted during the walk: newer than everything (a new customer), and into an instant that is
      // partly walked already.
      await api.post("/api/v1/customers", { name: `new-${pageIndex}` });
      await insertCustomers(admin.organizationId, [{ name: `late-${pageIndex}`, createdAt: new Date(base + 2 * 60_000) }]);
    });
    expect(new Set(seen).size).toBe(seen.length);
    const preExisting = seen.filter((id) => expected.includes(id));
    expect(preExisting).toEqual(expected);
    // Anything else seen was inserted during the walk; the archived row and the other organization's never are.
    const extras = await db.customer.findMany({ where: { id: { in: seen.filter((id) => !expected.includes(id)) } }, select: { name: true, organizationId: true } });
    expect(extras.length).toBeGreaterThan(0);
    for (const extra of extras) {
      expect(extra.name).toMatch(/^(new|late)-\d+$/);
      expect(extra.organizationId).toBe(admin.organizationId);
    }

    // The whole walk is one consistent order, late rows included.
    const order = (await db.customer.findMany({ where: { id: { in: seen } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } })).map((row) => row.id);
    expect(seen).toEqual(order);

    const walkWithArchived = await walkPages(other.api, "/api/v1/customers?includeArchived=true", 2);
    expect(walkWithArchived).toHaveLength(5);
  });

  it("walks with search and includeArchived kept on every page", async () => {
    const { api, admin } = await apiOrganization(["customers:read"]);
    const base = Date.parse("2026-04-01T00:00:00.000Z");
    await insertCustomers(
      admin.organizationId,
      Array.from({ length: 12 }, (_, index) => ({ name: index % 2 ? `match-${index}` : `other-${index}`, createdAt: new Date(base + (index % 3) * 1000), archived: index % 4 === 1 })),
    );
    const seen = await walkPages(api, "/api/v1/customers?search=MATCH&includeArchived=true", 2);
    expect(seen).toHaveLength(6);
    const seenActive = await walkPages(api, "/api/v1/customers?search=match", 2);
    expect(seenActive).toHaveLength(3);
  });

  it("refuses a tampered cursor, a garbage cursor and another list's cursor with 400 field cursor", async () => {
    const { api, admin } = await apiOrganization(["customers:read", "constellations:read"]);
    await insertCustomers(admin.organizationId, [{ name: "a" }, { name: "b" }, { name: "c" }]);
    const db = await getDb();
    await db.constellation.createMany({ data: [{ organizationId: admin.organizationId, title: "p1" }, { organizationId: admin.organizationId, title: "p2" }] });

    const first = await api.get("/api/v1/customers?limit=1");
    const cursor: string = first.body.pagination.cursor;
    expect((await api.get(`/api/v1/customers?limit=1&cursor=${cursor}`)).status).toBe(200);
    expectValidationError(await api.get(`/api/v1/customers?limit=1&cursor=${tamper(cursor)}`), "cursor");
    expectValidationError(await api.get(`/api/v1/customers?limit=1&cursor=${cursor.slice(0, -2)}`), "cursor");
    expectValidationError(await api.get("/api/v1/customers?cursor=not-a-cursor"), "cursor");
    expectValidationError(await api.get(`/api/v1/customers?cursor=${encodeURIComponent("a+b/c==")}`), "cursor");

    const constellationsPage = await api.get("/api/v1/constellations?limit=1");
    expect(constellationsPage.body.pagination.hasMore).toBe(true);
    const foreignListCursor: string = constellationsPage.body.pagination.cursor;
    const response = await api.get(`/api/v1/customers?cursor=${foreignListCursor}`);
    expectValidationError(response, "cursor");
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
  });

  it("a cursor from another organization's list reveals nothing of that organization", async () => {
    const mine = await apiOrganization(["customers:read"]);
    const theirs = await apiOrganization(["customers:read"]);
    await insertCustomers(theirs.admin.organizationId, [{ name: "theirs-1" }, { name: "theirs-2" }]);
    await insertCustomers(mine.admin.organizationId, [{ name: "mine-1", createdAt: new Date("2020-01-01T00:00:00Z") }]);
    const cursor = (await theirs.api.get("/api/v1/customers?limit=1")).body.pagination.cursor;
    const response = await mine.api.get(`/api/v1/customers?cursor=${cursor}`);
    expect(response.status).toBe(200);
    expect(response.body.data.map((customer: { name: string }) => customer.name)).toEqual(["mine-1"]);
  });
});

describe("keys of one organization", () => {
  it("a second key of the same organization sees the same customers", async () => {
    const { api, admin } = await apiOrganization(["customers:write"]);
    const created = await api.post("/api/v1/customers", { name: "Shared" });
    const { key } = await createApiKey(admin, ["customers:read"]);
    const list = await apiClient(key).get("/api/v1/customers");
    expect(list.body.data.map((customer: { id: string }) => customer.id)).toEqual([created.body.data.id]);
  });
});
