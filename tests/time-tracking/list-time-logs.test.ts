// GET /api/v1/time-logs (contract 4.2, rules 7 and 8): filters, inclusive bounds on startedAt,
// keyset pagination newest start first, the field allowlist, organization scoping.
import { describe, expect, it } from "vitest";
import { addMember, apiClient, apiOrganization, createApiKey, insertCustomer, insertTask, insertTimeLog, signUpOrganization } from "../harness/factories";
import { expectMatchesOpenApi } from "../harness/openapi";
import { getDb } from "@/server/db";
import { serializeTimeLog, timeLogSelect } from "@/server/contract/time-log";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";

const TIME_LOG_KEYS = ["constellationId", "createdAt", "customerId", "description", "durationSeconds", "endedAt", "id", "isBillable", "source", "startedAt", "tags", "taskId", "updatedAt", "userId"];


/** Every page of a query, following cursors. */
async function walk(api: ReturnType<typeof apiClient>, query: string, startCursor?: string) {
  const ids: string[] = [];
  let cursor = startCursor;
  for (let page = 0; page < 50; page += 1) {
    const response = await api.get(`/api/v1/time-logs?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status, response.text).toBe(200);
    ids.push(...response.body.data.map((log: { id: string }) => log.id));
    if (!response.body.pagination.hasMore) {
      expect(response.body.pagination.cursor).toBeUndefined();
      return ids;
    }
    cursor = response.body.pagination.cursor;
  }
  throw new Error("too many pages");
}

describe("GET /api/v1/time-logs", () => {
  it("lists the organization's committed logs, startedAt descending, in the v1 envelope with the allowlisted fields", async () => {
    const { admin, api } = await apiOrganization(["time-logs:read"]);
    const other = await signUpOrganization();
    const older = await insertTimeLog(admin, { startedAt: "2026-03-01T09:00:00Z", notes: "private note", clientSessionId: "secret-session" });
    const newer = await insertTimeLog(admin, { startedAt: "2026-03-02T09:00:00Z", endedAt: new Date("2026-03-02T09:30:00Z"), tags: ["x"] });
    await insertTimeLog(other, { startedAt: "2026-03-03T09:00:00Z" });
    await admin.client.post("/api/app/timers/start", {});

    const response = await api.get("/api/v1/time-logs");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.map((log: { id: string }) => log.id)).toEqual([newer.id, older.id]);
    expect(response.body.pagination).toEqual({ hasMore: false });
    expect(response.body.meta).toEqual({
      apiVersion: "v1",
      timestamp: expect.stringMatching(ISO_TIMESTAMP),
      rateLimit: { limit: 1000, remaining: expect.any(Number), reset: expect.any(Number) },
    });
    for (const log of response.body.data) expect(Object.keys(log).sort()).toEqual(TIME_LOG_KEYS);
    expect(response.body.data[0]).toEqual({
      id: newer.id,
      userId: admin.userId,
      taskId: null,
      customerId: null,
      constellationId: null,
      description: null,
      startedAt: "2026-03-02T09:00:00.000Z",
      endedAt: "2026-03-02T09:30:00.000Z",
      durationSeconds: 600,
      tags: ["x"],
      isBillable: true,
      source: "manual",
      createdAt: newer.createdAt.toISOString(),
      updatedAt: newer.updatedAt.toISOString(),
    });
    expect(response.text).not.toContain("private note");
    expect(response.text).not.toContain("secret-session");
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    await expectMatchesOpenApi("GET", "/api/v1/time-logs", response);
  });

  it("writes each listed log byte for byte as the contract's serializer does (same fields, order and formats)", async () => {
    const { admin, api } = await apiOrganization(["time-logs:read"]);
    await insertTimeLog(admin, { startedAt: "2026-03-01T09:00:00.007Z", endedAt: new Date("2026-03-01T10:00:00.5Z"), tags: ["b", "a"], description: "d", isBillable: false, source: "timer" });
    await insertTimeLog(admin, { startedAt: "1999-12-31T23:59:59.999Z" });
    const response = await api.get("/api/v1/time-logs");
    expect(response.body.data).toHaveLength(2);
    const rows = await (await getDb()).timeLog.findMany({ where: { organizationId: admin.organizationId }, select: timeLogSelect, orderBy: { startedAt: "desc" } });
    expect(JSON.stringify(response.body.data)).toBe(JSON.stringify(rows.map(serializeTimeLog)));
  });

  it("applies from and to inclusively to startedAt, with any offset", async () => {
    const { admin, api } = await apiOrganization(["time-logs:read"]);
    const before = await insertTimeLog(admin, { startedAt: "2026-03-01T08:59:59.999Z", durationSeconds: 7200 });
    const atFrom = await insertTimeLog(admin, { startedAt: "2026-03-01T09:00:00.000Z" });
    const inside = await insertTimeLog(admin, { startedAt: "2026-03-01T12:00:00.000Z" });
    const atTo = await insertTimeLog(admin, { startedAt: "2026-03-01T17:00:00.000Z" });
    await insertTimeLog(admin, { startedAt: "2026-03-01T17:00:00.001Z" });
    const ids = async (query: string) => (await api.get(`/api/v1/time-logs?${query}`)).body.data.map((log: { id: string }) => log.id);
    expect(await ids("from=2026-03-01T09:00:00Z&to=2026-03-01T17:00:00Z")).toEqual([atTo.id, inside.id, atFrom.id]);
    expect(await ids(`from=${encodeURIComponent("2026-03-01T10:00:00+01:00")}&to=${encodeURIComponent("2026-03-01T12:00:00-05:00")}`)).toEqual([
      atTo.id,
      inside.id,
      atFrom.id,
    ]);
    // The log running from 07:00 to 09:00 ends after `from` but started before it: excluded.
    expect(await ids("from=2026-03-01T09:00:00.000Z")).not.toContain(before.id);
    expect(await ids("to=2026-03-01T09:00:00.000Z")).toEqual([atFrom.id, before.id]);
  });

  it.each([
    ["from=2026-03-01", "from"],
    ["to=2026-03-01T09:00:00", "to"],
    ["from=2026-03-01T09:00Z&to=yesterday", "to"],
    ["from=2026-02-30T09:00:00Z", "from"],
    ["from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z", "to"],
    ["isBillable=1", "isBillable"],
    ["isBillable=TRUE", "isBillable"],
    ["source=api", "source"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["cursor=not-a-cursor", "cursor"],
  ])("answers 400 for %s", async (query, field) => {
    const { api } = await apiOrganization(["time-logs:read"]);
    const response = await api.get(`/api/v1/time-logs?${query}`);
    expectErrorEnvelope(response, 400, "validation_error");
    expect(response.body.details[0].field).toBe(field);
    expect(response.body.details).toHaveLength(1);
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    await expectMatchesOpenApi("GET", "/api/v1/time-logs", response);
  });

  it("filters by taskId, customerId, userId, isBillable and source, combined", async () => {
    const { admin, api } = await apiOrganization(["time-logs:read"]);
    const member = await addMember(admin);
    const task = await insertTask(admin.organizationId);
    const customer = await insertCustomer(admin.organizationId);
    const a = await insertTimeLog(admin, { startedAt: "2026-03-01T01:00:00Z", taskId: task.id, customerId: customer.id, source: "timer" });
    const b = await insertTimeLog(member, { startedAt: "2026-03-01T02:00:00Z", taskId: task.id, isBillable: false, source: "imported" });
    const c = await insertTimeLog(member, { startedAt: "2026-03-01T03:00:00Z", customerId: customer.id });
    const ids = async (query: string) => {
      const response = await api.get(`/api/v1/time-logs?${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((log: { id: string }) => log.id);
    };
    expect(await ids(`taskId=${task.id}`)).toEqual([b.id, a.id]);
    expect(await ids(`customerId=${customer.id}`)).toEqual([c.id, a.id]);
    expect(await ids(`userId=${member.userId}`)).toEqual([c.id, b.id]);
    expect(await ids("isBillable=false")).toEqual([b.id]);
    expect(await ids("isBillable=true")).toEqual([c.id, a.id]);
    expect(await ids("source=timer")).toEqual([a.id]);
    expect(await ids("source=manual")).toEqual([c.id]);
    expect(await ids(`userId=${member.userId}&isBillable=true&customerId=${customer.id}`)).toEqual([c.id]);
  });

  it("finds nothing through ids of another organization", async () => {
    const { api } = await apiOrganization(["time-logs:read"]);
    const other = await signUpOrganization();
    const task = await insertTask(other.organizationId);
    await insertTimeLog(other, { startedAt: "2026-03-01T01:00:00Z", taskId: task.id });
    for (const query of [`taskId=${task.id}`, `userId=${other.userId}`]) {
      const response = await api.get(`/api/v1/time-logs?${query}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
    }
  });

  it("walks every page exactly once with ties on startedAt broken by id, even while logs are added", async () => {
    const { admin, api } = await apiOrganization(["time-logs:read"]);
    const created = [];
    for (let index = 0; index < 7; index += 1) {
      created.push(await insertTimeLog(admin, { startedAt: index < 4 ? "2026-03-01T09:00:00Z" : `2026-03-0${index}T09:00:00Z` }));
    }
    const expected = [...created].sort((x, y) => y.startedAt.getTime() - x.startedAt.getTime() || (x.id < y.id ? 1 : -1)).map((log) => log.id);
    const first = await api.get("/api/v1/time-logs?limit=3");
    expect(first.body.data.map((log: { id: string }) => log.id)).toEqual(expected.slice(0, 3));
    expect(first.body.pagination).toEqual({ hasMore: true, cursor: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    // A log added meanwhile, newer than the first page, does not disturb the walk.
    await insertTimeLog(admin, { startedAt: "2026-04-01T09:00:00Z" });
    const rest = await walk(api, "limit=3", first.body.pagination.cursor);
    expect([...first.body.data.map((log: { id: string }) => log.id), ...rest]).toEqual(expected);
    expect(await walk(api, "limit=100")).toHaveLength(8);
  });

  it("refuses a cursor of another list or a tampered one", async () => {
    const { admin, api } = await apiOrganization(["*"]);
    for (let index = 0; index < 3; index += 1) await insertTimeLog(admin, { startedAt: `2026-03-0${index + 1}T09:00:00Z` });
    const page = await api.get("/api/v1/time-logs?limit=1");
    const cursor: string = page.body.pagination.cursor;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith("A") ? "B" : "A"}A`;
    const refused = await api.get(`/api/v1/time-logs?cursor=${tampered}`);
    expectErrorEnvelope(refused, 400, "validation_error");
    expect(refused.body.details[0].field).toBe("cursor");
    const otherList = await api.get(`/api/v1/tasks?cursor=${cursor}`);
    expect(otherList.status).toBe(400);
    expect(otherList.body.details[0].field).toBe("cursor");
  });

  it("needs time-logs:read: other scopes get 403, a wildcard of another resource too", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    for (const scopes of [["tasks:*"], ["customers:read", "constellations:read"]]) {
      const { key } = await createApiKey(admin, scopes);
      const response = await apiClient(key).get("/api/v1/time-logs");
      expectErrorEnvelope(response, 403, "forbidden");
      expect(response.body.details).toEqual([{ field: "permission", message: expect.stringContaining("time-logs:read") }]);
    }
    const { key } = await createApiKey(admin, ["*"]);
    expect((await apiClient(key).get("/api/v1/time-logs")).status).toBe(200);
  });
});
