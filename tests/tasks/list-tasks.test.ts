// GET /api/v1/tasks: filters, search, keyset pagination (contract sections 4.1, 4.2; app-api section 7).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { encodeCursor } from "@/server/lib/cursor";
import { addMember, apiOrganization, insertCustomer } from "../harness/factories";
import type { TestClient } from "../harness/http";
import { TASK_KEYS, createTask, expectValidationError } from "../harness/tasks";

/** Walks every page with `query` and answers the ids in the order served, page by page. */
async function walk(api: TestClient, query: string, between?: (page: number) => Promise<void>) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const response = await api.get(`/api/v1/tasks?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta", "pagination"]);
    pages.push(response.body.data.map((task: { id: string }) => task.id));
    const { pagination } = response.body;
    if (!pagination.hasMore) {
      expect(pagination).toEqual({ hasMore: false });
      return pages;
    }
    expect(Object.keys(pagination).sort()).toEqual(["cursor", "hasMore"]);
    expect(pagination.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    cursor = pagination.cursor;
    await between?.(page);
  }
  throw new Error("pagination did not end");
}

/** Newest first, ties by id descending: the order every page must follow. */
function expectedOrder(rows: Array<{ id: string; createdAt: Date }>): string[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

describe("GET /api/v1/tasks", () => {
  it("lists the organization's live tasks only, newest first, with the list envelope", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write", "tasks:delete"]);
    const other = await apiOrganization(["tasks:write"]);
    await createTask(other.api, { title: "Foreign" });
    const first = await createTask(api, { title: "First", subtasks: [{ title: "a" }, { title: "b" }] });
    const second = await createTask(api, { title: "Second" });
    const deleted = await createTask(api, { title: "Deleted" });
    expect((await api.delete(`/api/v1/tasks/${deleted.id}`)).status).toBe(200);

    const response = await api.get("/api/v1/tasks");
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.any(String), rateLimit: expect.any(Object) });
    expect(response.body.pagination).toEqual({ hasMore: false });
    expect(response.body.data).toEqual([second, first]);
    for (const task of response.body.data) expect(Object.keys(task).sort()).toEqual(TASK_KEYS);
    expect(response.text).not.toContain("Foreign");
    expect(response.text).not.toContain("organizationId");
    expect(response.text).not.toContain("deletedAt");
  });

  it("answers an empty page for an organization without tasks", async () => {
    const { api } = await apiOrganization(["tasks:read"]);
    const response = await api.get("/api/v1/tasks");
    expect(response.body).toMatchObject({ data: [], pagination: { hasMore: false } });
  });

  it("filters by status, assignee and customer, alone and combined", async () => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const member = await addMember(admin);
    const acme = await insertCustomer(admin.organizationId, { name: "Acme" });
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const a = await createTask(api, { title: "a", status: "todo", assigneeId: member.userId, customerId: acme.id });
    const b = await createTask(api, { title: "b", status: "done", assigneeId: member.userId, customerId: globex.id });
    const c = await createTask(api, { title: "c", status: "done", assigneeId: admin.userId, customerId: acme.id });
    const d = await createTask(api, { title: "d", status: "in_progress" });
    const e = await createTask(api, { title: "e", status: "up_next", customerId: acme.id });

    const ids = async (query: string) => {
      const response = await api.get(`/api/v1/tasks?${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((task: { id: string }) => task.id);
    };
    expect(await ids("status=done")).toEqual([c.id, b.id]);
    expect(await ids("status=todo")).toEqual([a.id]);
    expect(await ids("status=in_progress")).toEqual([d.id]);
    expect(await ids("status=up_next")).toEqual([e.id]);
    expect(await ids(`assigneeId=${member.userId}`)).toEqual([b.id, a.id]);
    expect(await ids(`customerId=${acme.id}`)).toEqual([e.id, c.id, a.id]);
    expect(await ids(`status=done&customerId=${acme.id}`)).toEqual([c.id]);
    expect(await ids(`status=done&assigneeId=${member.userId}&customerId=${globex.id}`)).toEqual([b.id]);
    expect(await ids(`status=todo&assigneeId=${admin.userId}`)).toEqual([]);
    expect(await ids("customerId=unknown")).toEqual([]);
  });

  it("searches title and description, case-insensitively, as a literal substring", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const inTitle = await createTask(api, { title: "Invoice the Client", status: "todo" });
    const inDescription = await createTask(api, { title: "Follow up", description: "Send the INVOICE reminder", status: "done" });
    const percent = await createTask(api, { title: "Reach 100% coverage" });
    const underscore = await createTask(api, { title: "rename snake_case fields" });
    await createTask(api, { title: "Unrelated", description: "nothing here" });
    await createTask(api, { title: "1000 coverage", description: "snakeXcase" });

    const ids = async (query: string) => (await api.get(`/api/v1/tasks?${query}`)).body.data.map((task: { id: string }) => task.id);
    expect(await ids("search=invoice")).toEqual([inDescription.id, inTitle.id]);
    expect(await ids("search=INVOICE%20the")).toEqual([inTitle.id]);
    expect(await ids("search=reminder")).toEqual([inDescription.id]);
    expect(await ids("search=invoice&status=done")).toEqual([inDescription.id]);
    expect(await ids("search=100%25")).toEqual([percent.id]);
    expect(await ids("search=snake_case")).toEqual([underscore.id]);
    expect(await ids("search=%25")).toEqual([percent.id]);
    expect(await ids("search=zzz")).toEqual([]);
    expect(await ids("search=%20%20")).toHaveLength(6);
  });

  it.each<[string, string]>([
    ["status=blocked", "status"],
    ["status=DONE", "status"],
    ["status=", "status"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["search=" + "s".repeat(201), "search"],
    ["cursor=", "cursor"],
    ["cursor=not-a-cursor", "cursor"],
    ["cursor=%2B%2B%2B", "cursor"],
  ])("refuses %s with 400", async (query, field) => {
    const { api } = await apiOrganization(["tasks:read"]);
    const response = await api.get(`/api/v1/tasks?${query}`);
    expectValidationError(response, [field]);
    expect(response.body.details[0].field).toBe(field);
  });

  it("refuses tampered cursors and cursors issued for another list", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    for (let index = 0; index < 3; index++) await createTask(api, { title: `t${index}` });
    const page = await api.get("/api/v1/tasks?limit=1");
    const cursor: string = page.body.pagination.cursor;
    const raw = Buffer.from(cursor, "base64url");
    const tampered = [
      Buffer.concat([raw.subarray(0, 2), Buffer.from([raw[2]! ^ 1]), raw.subarray(3)]).toString("base64url"),
      Buffer.concat([raw.subarray(0, raw.length - 1), Buffer.from([raw[raw.length - 1]! ^ 1])]).toString("base64url"),
      cursor.slice(0, -2),
      `${cursor}AA`,
      encodeCursor("customers", { sortValue: new Date(), id: page.body.data[0].id }),
      Buffer.from(`${Date.now()}.${page.body.data[0].id}`).toString("base64url"),
    ];
    for (const value of tampered) {
      const response = await api.get(`/api/v1/tasks?limit=1&cursor=${encodeURIComponent(value)}`);
      expect(response.status, value).toBe(400);
      expect(response.body.error).toBe("validation_error");
      expect(response.body.details[0].field).toBe("cursor");
    }
    expect((await api.get(`/api/v1/tasks?limit=1&cursor=${cursor}`)).status).toBe(200);
  });

  it("words each refused field for people", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const list = await api.get(`/api/v1/tasks?status=blocked&limit=0&search=${"s".repeat(201)}`);
    expect(list.body.details).toEqual([
      { field: "status", message: "must be one of todo, up_next, in_progress, done" },
      { field: "search", message: "must be at most 200 characters" },
      { field: "limit", message: "must be at least 1" },
    ]);
    const created = await api.post("/api/v1/tasks", { title: 5, tags: "x", subtasks: [{}], description: "d".repeat(20_001) });
    expect(Object.fromEntries(created.body.details.map((detail: { field: string; message: string }) => [detail.field, detail.message]))).toMatchObject({
      title: "must be a string",
      tags: "must be a list",
      "subtasks.0.title": "is required",
    });
    expect((await api.post("/api/v1/tasks", { title: "" })).body.details).toEqual([{ field: "title", message: "must not be empty" }]);
  });

  it("names a bad cursor first, beside every other invalid parameter and every unknown one, in one 400", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    await createTask(api, { title: "one" });
    await createTask(api, { title: "two" });
    const cursor: string = (await api.get("/api/v1/tasks?limit=1")).body.pagination.cursor;
    const foreign = encodeCursor("customers", { sortValue: new Date(), id: "c1" });
    const both = await api.get(`/api/v1/tasks?status=blocked&limit=500&cursor=${foreign}&per_page=5`);
    expectValidationError(both, ["cursor", "status", "limit", "per_page"]);
    expect(both.body.details[0].field).toBe("cursor");
    expect(both.body.details.find((detail: { field: string }) => detail.field === "per_page").message).toBe("is not a query parameter of this operation");
    // A good cursor beside a bad filter: only the filter is named.
    expectValidationError(await api.get(`/api/v1/tasks?status=blocked&cursor=${cursor}`), ["status"]);
  });

  it("pages through identical createdAt values exactly once, with exact hasMore at every limit", async () => {
    const { admin, api } = await apiOrganization(["tasks:read"]);
    const db = await getDb();
    const tie = new Date("2026-03-01T12:00:00.000Z");
    const times = [tie, tie, tie, tie, tie, tie, tie, new Date("2026-03-02T00:00:00.000Z"), new Date("2026-02-01T00:00:00.000Z"), tie];
    const rows = await db.task.createManyAndReturn({
      data: times.map((createdAt, index) => ({ organizationId: admin.organizationId, title: `task ${index}`, createdAt })),
      select: { id: true, createdAt: true },
    });
    const order = expectedOrder(rows);

    for (const limit of [1, 2, 3, 5, 9, 10, 11, 100]) {
      const pages = await walk(api, `limit=${limit}`);
      expect(pages.flat(), `limit ${limit}`).toEqual(order);
      expect(pages.length, `limit ${limit}`).toBe(Math.max(1, Math.ceil(order.length / limit)));
      for (const [index, page] of pages.entries()) {
        expect(page.length).toBe(index < pages.length - 1 ? limit : order.length - limit * (pages.length - 1));
      }
    }
    expect((await api.get("/api/v1/tasks")).body.data).toHaveLength(10);
  });

  it("defaults to 50 per page and allows 100", async () => {
    const { admin, api } = await apiOrganization(["tasks:read"]);
    await (await getDb()).task.createMany({ data: Array.from({ length: 101 }, (_, index) => ({ organizationId: admin.organizationId, title: `bulk ${index}` })) });
    const byDefault = await api.get("/api/v1/tasks");
    expect(byDefault.body.data).toHaveLength(50);
    expect(byDefault.body.pagination.hasMore).toBe(true);
    const hundred = await api.get("/api/v1/tasks?limit=100");
    expect(hundred.body.data).toHaveLength(100);
    expect(hundred.body.pagination.hasMore).toBe(true);
    const rest = await api.get(`/api/v1/tasks?limit=100&cursor=${hundred.body.pagination.cursor}`);
    expect(rest.body.data).toHaveLength(1);
    expect(rest.body.pagination).toEqual({ hasMore: false });
  });

  it("serves every pre-existing task exactly once while newer tasks are being inserted", async () => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const db = await getDb();
    const tie = new Date(Date.now() - 60_000);
    const rows = await db.task.createManyAndReturn({
      data: Array.from({ length: 23 }, (_, index) => ({ organizationId: admin.organizationId, title: `old ${index}`, createdAt: index % 3 ? tie : new Date(tie.getTime() - index * 1000) })),
      select: { id: true, createdAt: true },
    });
    const inserted: string[] = [];
    const pages = await walk(api, "limit=4", async (page) => {
      const [fresh] = await Promise.all([createTask(api, { title: `new ${page}` }), createTask(api, { title: `new ${page}b` })]);
      inserted.push(fresh.id);
    });
    const served = pages.flat();
    expect(new Set(served).size).toBe(served.length);
    expect(served).toEqual(expectedOrder(rows));
    expect(served.some((id) => inserted.includes(id))).toBe(false);
  });

  it("keeps the filters across pages", async () => {
    const { admin, api } = await apiOrganization(["tasks:read"]);
    const db = await getDb();
    const rows = await db.task.createManyAndReturn({
      data: Array.from({ length: 12 }, (_, index) => ({
        organizationId: admin.organizationId,
        title: index % 2 ? `Alpha ${index}` : `Beta ${index}`,
        status: index % 3 ? ("done" as const) : ("todo" as const),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 4)),
      })),
      select: { id: true, createdAt: true, title: true, status: true },
    });
    const pages = await walk(api, "limit=2&status=done&search=alpha");
    expect(pages.flat()).toEqual(expectedOrder(rows.filter((row) => row.status === "done" && row.title.startsWith("Alpha"))));
  });

  it("serves a search's matches exactly in keyset order across pages, for a common term and a rare one", async () => {
    // A search walks the first rows of the page in order, then asks the organization's trigram
    // indexes for the rest (services/tasks/tasks.ts): pages of 2 over 40 tasks take both paths, and
    // pages of 7 walk 16 rows (on the embedded database in two statements, 12 rows then 4) before the indexes.
    const { admin, api } = await apiOrganization(["tasks:read"]);
    const other = await apiOrganization(["tasks:read"]);
    const db = await getDb();
    const rows = await db.task.createManyAndReturn({
      data: Array.from({ length: 40 }, (_, index) => ({
        organizationId: admin.organizationId,
        title: index === 3 ? "Find the NEEDLE" : `Task ${index}`,
        description: index === 3 ? null : index % 9 === 0 ? `hay hay a needle_${index} hay` : "common haystack text",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index % 7)),
        deletedAt: index === 18 ? new Date() : null,
      })),
      select: { id: true, createdAt: true, title: true, description: true, deletedAt: true },
    });
    // Another organization's matches share the trigrams, never the results.
    await db.task.createMany({
      data: Array.from({ length: 10 }, (_, index) => ({ organizationId: other.admin.organizationId, title: `needle ${index}`, description: "a needle_0 haystack" })),
    });
    const live = rows.filter((row) => !row.deletedAt);
    const rare = expectedOrder(live.filter((row) => row.title.includes("NEEDLE") || row.description?.includes("needle")));
    expect(rare).toHaveLength(5);
    expect((await walk(api, "limit=2&search=needle")).flat()).toEqual(rare);
    expect((await walk(api, "limit=100&search=Needle")).flat()).toEqual(rare);
    expect(await walk(api, "limit=7&search=needle")).toEqual([rare]);
    expect((await walk(api, "limit=7&search=haystack")).flat()).toEqual(expectedOrder(live.filter((row) => row.description?.includes("haystack"))));
    expect((await walk(api, "limit=2&search=needle_9")).flat()).toEqual(expectedOrder(live.filter((row) => row.description?.includes("needle_9"))));
    expect((await walk(api, "limit=3&search=haystack")).flat()).toEqual(expectedOrder(live.filter((row) => row.description?.includes("haystack"))));
    expect((await walk(api, "limit=2&search=absent-term")).flat()).toEqual([]);
  });

  it("embeds each task's checklist in order and its comments oldest first", async () => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const one = await createTask(api, { title: "one", subtasks: [{ title: "1a" }, { title: "1b" }, { title: "1c" }] });
    const two = await createTask(api, { title: "two", subtasks: [{ title: "2a" }] });
    await api.post(`/api/v1/tasks/${one.id}/subtasks`, { items: [{ title: "1d" }] });
    await admin.client.post(`/api/app/tasks/${two.id}/comments`, { body: "c1" });
    await admin.client.post(`/api/app/tasks/${two.id}/comments`, { body: "c2" });
    const list = (await api.get("/api/v1/tasks")).body.data;
    expect(list.map((task: { title: string; subtasks: Array<{ title: string }>; comments: Array<{ body: string }> }) => [
      task.title,
      task.subtasks.map((subtask) => subtask.title),
      task.comments.map((comment) => comment.body),
    ])).toEqual([
      ["two", ["2a"], ["c1", "c2"]],
      ["one", ["1a", "1b", "1c", "1d"], []],
    ]);
  });

  it("writes each listed task byte for byte as the task's own GET does (same fields, order and formats)", async () => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const filed = await createTask(api, { title: "  Trimmed  ", description: "d", tags: ["b", "a"], subtasks: [{ title: "s1", isCompleted: true }, { title: "s2" }] });
    await admin.client.post(`/api/app/tasks/${filed.id}/comments`, { body: "first" });
    await createTask(api, { title: "bare" });
    const list = await api.get("/api/v1/tasks");
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    for (const listed of list.body.data as Array<{ id: string }>) {
      const own = await api.get(`/api/v1/tasks/${listed.id}`);
      expect(JSON.stringify(listed)).toBe(JSON.stringify(own.body.data));
    }
  });
});
