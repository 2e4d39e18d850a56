// Incremental sync (app-api section 13): `updatedSince` on the public lists keeps the items changed at
// or after it, still newest first and keyset-paginated; a bad instant is a 400 naming the field; the
// deleted time logs and tasks are listed oldest deletion first.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";
import { apiOrganization } from "../harness/factories";

const ids = (response: { body: { data: { id: string }[] } }) => response.body.data.map((item) => item.id);
const at = (date: Date) => encodeURIComponent(date.toISOString());

describe("updatedSince", () => {
  it("lists the tasks changed since an instant, newest first, page by page", async () => {
    const { api } = await apiOrganization();
    const created: { id: string }[] = [];
    for (const title of ["Old", "Edited", "New"]) created.push((await api.post("/api/v1/tasks", { title })).body.data);
    const db = await getDb();
    // Everything so far changed an hour ago; then one is edited now and one created now.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.task.updateMany({ where: { id: { in: created.map((task) => task.id) } }, data: { updatedAt: hourAgo } });
    const since = new Date(Date.now() - 60_000);
    expect((await api.patch(`/api/v1/tasks/${created[1]!.id}`, { title: "Edited again" })).status).toBe(200);
    await db.task.update({ where: { id: created[2]!.id }, data: { updatedAt: new Date() } });

    const changed = await api.get(`/api/v1/tasks?updatedSince=${at(since)}`);
    expect(changed.status, changed.text).toBe(200);
    expect(ids(changed)).toEqual([created[2]!.id, created[1]!.id]);
    for (const task of changed.body.data) expect(Date.parse(task.updatedAt)).toBeGreaterThanOrEqual(since.getTime());

    const page = await api.get(`/api/v1/tasks?updatedSince=${at(since)}&limit=1`);
    expect(ids(page)).toEqual([created[2]!.id]);
    const next = await api.get(`/api/v1/tasks?updatedSince=${at(since)}&limit=1&cursor=${page.body.pagination.cursor}`);
    expect(ids(next)).toEqual([created[1]!.id]);
    expect(next.body.pagination).toEqual({ hasMore: false });
    expect(ids(await api.get(`/api/v1/tasks?updatedSince=${at(hourAgo)}`))).toHaveLength(3);
  });

  it("filters customers and projects the same way", async () => {
    const { api } = await apiOrganization();
    const db = await getDb();
    const customer = (await api.post("/api/v1/customers", { name: "Acme" })).body.data;
    const project = (await api.post("/api/v1/constellations", { title: "Launch" })).body.data;
    const since = new Date(Date.now() + 60_000);
    expect((await api.get(`/api/v1/customers?updatedSince=${at(since)}`)).body.data).toEqual([]);
    expect((await api.get(`/api/v1/constellations?updatedSince=${at(since)}`)).body.data).toEqual([]);
    await db.customer.update({ where: { id: customer.id }, data: { updatedAt: new Date(since.getTime() + 1) } });
    await db.constellation.update({ where: { id: project.id }, data: { updatedAt: new Date(since.getTime() + 1) } });
    expect(ids(await api.get(`/api/v1/customers?updatedSince=${at(since)}`))).toEqual([customer.id]);
    expect(ids(await api.get(`/api/v1/constellations?updatedSince=${at(since)}`))).toEqual([project.id]);
  });

  it("lists time logs changed since an instant, and the deleted ones oldest first, so a sync can reconcile", async () => {
    const { admin, api } = await apiOrganization();
    const hourAgo = new Date(Date.now() - 3_600_000);
    const sync = await admin.client.post("/api/app/time-logs/sync", {
      entries: ["Kept", "Edited", "Deleted", "Deleted later"].map((description, index) => ({
        clientSessionId: `sync-${index}-${Date.now()}`,
        description,
        startedAt: new Date(hourAgo.getTime() + index * 60_000).toISOString(),
        durationSeconds: 60,
        source: "manual",
      })),
    });
    expect(sync.status, sync.text).toBe(200);
    const [kept, edited, deleted, deletedLater] = sync.body.data.committed as { id: string }[];
    const db = await getDb();
    await db.timeLog.updateMany({ where: { organizationId: admin.organizationId }, data: { updatedAt: hourAgo } });
    const since = new Date(Date.now() - 60_000);

    expect((await admin.client.patch(`/api/app/time-logs/${edited!.id}`, { description: "Edited now" })).status).toBe(200);
    expect((await admin.client.delete(`/api/app/time-logs/${deleted!.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/app/time-logs/${deletedLater!.id}`)).status).toBe(200);

    const changed = await api.get(`/api/v1/time-logs?updatedSince=${at(since)}`);
    expect(changed.status, changed.text).toBe(200);
    // Deleted logs never show in the list; the edited one does, with its new updatedAt.
    expect(ids(changed)).toEqual([edited!.id]);
    expect(Date.parse(changed.body.data[0].updatedAt)).toBeGreaterThanOrEqual(since.getTime());
    expect(ids(await api.get(`/api/v1/time-logs?updatedSince=${at(hourAgo)}`)).sort()).toEqual([kept!.id, edited!.id].sort());

    const gone = await api.get("/api/v1/time-logs/deleted?limit=1");
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body.data).toEqual([{ id: deleted!.id, deletedAt: expect.any(String) }]);
    const next = await api.get(`/api/v1/time-logs/deleted?limit=1&cursor=${gone.body.pagination.cursor}`);
    expect(ids(next)).toEqual([deletedLater!.id]);
    expect(next.body.pagination).toEqual({ hasMore: false });
    const deletedAt = new Date(next.body.data[0].deletedAt);
    expect(ids(await api.get(`/api/v1/time-logs/deleted?since=${at(new Date(deletedAt.getTime() + 1))}`))).toEqual([]);
    // Another organization sees none of them.
    const other = await apiOrganization();
    expect((await other.api.get("/api/v1/time-logs/deleted")).body.data).toEqual([]);
  });

  it("lists deleted tasks oldest deletion first, whoever deleted them, and only the organization's own", async () => {
    const { admin, api } = await apiOrganization();
    const other = await apiOrganization();
    const [first, second, live] = await Promise.all(["First", "Second", "Live"].map(async (title) => (await api.post("/api/v1/tasks", { title })).body.data as { id: string }));
    const foreign = (await other.api.post("/api/v1/tasks", { title: "Foreign" })).body.data as { id: string };

    const before = Date.now();
    expect((await api.delete(`/api/v1/tasks/${first!.id}`)).status).toBe(200);
    const afterFirst = await api.get("/api/v1/tasks/deleted");
    expect(afterFirst.status, afterFirst.text).toBe(200);
    expect(afterFirst.body.data).toEqual([{ id: first!.id, deletedAt: expect.stringMatching(ISO_TIMESTAMP) }]);
    expect(Date.parse(afterFirst.body.data[0].deletedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(afterFirst.body.data[0].deletedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    // Deleting again finds nothing and leaves no second tombstone.
    expectErrorEnvelope(await api.delete(`/api/v1/tasks/${first!.id}`), 404, "not_found");

    // Deleted in the web app (tRPC, with the admin's session): a tombstone all the same.
    const deletedInApp = await admin.client.post("/api/trpc/tasks.delete", { taskId: second!.id });
    expect(deletedInApp.status, deletedInApp.text).toBe(200);
    const db = await getDb();
    // Deletions a minute apart, so that their order is certain.
    await db.task.update({ where: { id: first!.id }, data: { deletedAt: new Date(Date.now() - 60_000) } });
    expect((await other.api.delete(`/api/v1/tasks/${foreign.id}`)).status).toBe(200);

    const page = await api.get("/api/v1/tasks/deleted?limit=1");
    expect(ids(page)).toEqual([first!.id]);
    expect(page.body.pagination.hasMore).toBe(true);
    const next = await api.get(`/api/v1/tasks/deleted?limit=1&cursor=${page.body.pagination.cursor}`);
    expect(ids(next)).toEqual([second!.id]);
    expect(next.body.pagination).toEqual({ hasMore: false });
    const secondDeletedAt = new Date(next.body.data[0].deletedAt);
    expect(ids(await api.get(`/api/v1/tasks/deleted?since=${at(secondDeletedAt)}`))).toEqual([second!.id]);
    expect(ids(await api.get(`/api/v1/tasks/deleted?since=${at(new Date(secondDeletedAt.getTime() + 1))}`))).toEqual([]);
    // The live task is in the list and not among the tombstones; the other organization's tombstone is its own.
    expect(ids(await api.get("/api/v1/tasks"))).toEqual([live!.id]);
    expect(ids(await other.api.get("/api/v1/tasks/deleted"))).toEqual([foreign.id]);
    // A cursor of another list (the live tasks) is refused, naming the cursor.
    expect((await api.post("/api/v1/tasks", { title: "Another live" })).status).toBe(201);
    const liveCursor = (await api.get("/api/v1/tasks?limit=1")).body.pagination.cursor;
    const refused = await api.get(`/api/v1/tasks/deleted?cursor=${liveCursor}`);
    expectErrorEnvelope(refused, 400, "validation_error");
    expect(refused.body.details[0].field).toBe("cursor");
  });

  it("refuses an instant that is not one with a 400 naming updatedSince", async () => {
    const { api } = await apiOrganization();
    for (const path of ["/api/v1/tasks", "/api/v1/customers", "/api/v1/constellations", "/api/v1/time-logs"]) {
      for (const value of ["yesterday", "2026-01-01", "2026-02-30T00:00:00Z"]) {
        const response = await api.get(`${path}?updatedSince=${value}`);
        expectErrorEnvelope(response, 400, "validation_error");
        expect(response.body.details[0].field).toBe("updatedSince");
      }
    }
  });
});
