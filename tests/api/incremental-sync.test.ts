// Incremental sync (app-api section 13): `updatedSince` on the public lists keeps the items changed at
// or after it, still newest first and keyset-paginated; a bad instant is a 400 naming the field.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { expectErrorEnvelope } from "../harness/assertions";
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

  it("refuses an instant that is not one with a 400 naming updatedSince", async () => {
    const { api } = await apiOrganization();
    for (const path of ["/api/v1/tasks", "/api/v1/customers", "/api/v1/constellations"]) {
      for (const value of ["yesterday", "2026-01-01", "2026-02-30T00:00:00Z"]) {
        const response = await api.get(`${path}?updatedSince=${value}`);
        expectErrorEnvelope(response, 400, "validation_error");
        expect(response.body.details[0].field).toBe("updatedSince");
      }
    }
  });
});
