// The checklist append endpoint (contract 4.2, section 8) and in-app task comments (app-api section 4).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addMember, apiOrganization, signUpOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";
import { ISO_UTC, SUBTASK_KEYS, afterInstant, createTask, expectValidationError, taskTableCounts } from "../harness/tasks";

async function positions(taskId: string) {
  const rows = await (await getDb()).subtask.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { title: true, position: true } });
  return rows;
}

describe("POST /api/v1/tasks/:taskId/subtasks", () => {
  it("answers 201 with the created items in order, appended after the existing ones", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const task = await createTask(api, { title: "x", subtasks: [{ title: "one" }, { title: "two", isCompleted: true }] });
    await afterInstant(task.updatedAt);
    const response = await api.post(`/api/v1/tasks/${task.id}/subtasks`, { items: [{ title: " three ", isCompleted: true }, { title: "four" }] });
    expect(response.status, response.text).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.data).toEqual([
      { id: expect.any(String), title: "three", isCompleted: true, createdAt: expect.stringMatching(ISO_UTC) },
      { id: expect.any(String), title: "four", isCompleted: false, createdAt: expect.stringMatching(ISO_UTC) },
    ]);
    for (const item of response.body.data) expect(Object.keys(item).sort()).toEqual(SUBTASK_KEYS);

    const after = (await api.get(`/api/v1/tasks/${task.id}`)).body.data;
    expect(after.subtasks).toEqual([...task.subtasks, ...response.body.data]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(task.updatedAt));
    expect(await positions(task.id)).toEqual([
      { title: "one", position: 0 },
      { title: "two", position: 1 },
      { title: "three", position: 2 },
      { title: "four", position: 3 },
    ]);
  });

  it("keeps the order of 100 items on create and of 100 more appended", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const first = Array.from({ length: 100 }, (_, index) => ({ title: `first ${String(99 - index).padStart(3, "0")}`, isCompleted: index % 7 === 0 }));
    const second = Array.from({ length: 100 }, (_, index) => ({ title: `second ${Math.floor(Math.random() * 1e9)} ${index}` }));
    const task = await createTask(api, { title: "Long checklist", subtasks: first });
    expect(task.subtasks.map((subtask: { title: string; isCompleted: boolean }) => [subtask.title, subtask.isCompleted])).toEqual(
      first.map((item) => [item.title, item.isCompleted]),
    );
    const appended = await api.post(`/api/v1/tasks/${task.id}/subtasks`, { items: second });
    expect(appended.status).toBe(201);
    expect(appended.body.data.map((subtask: { title: string }) => subtask.title)).toEqual(second.map((item) => item.title));
    const stored = (await api.get(`/api/v1/tasks/${task.id}`)).body.data.subtasks;
    expect(stored.map((subtask: { title: string }) => subtask.title)).toEqual([...first, ...second].map((item) => item.title));
    expect((await positions(task.id)).map((row) => row.position)).toEqual(Array.from({ length: 200 }, (_, index) => index));
  });

  it("gives concurrent appends distinct, contiguous positions", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const task = await createTask(api, { title: "x" });
    const batches = ["a", "b", "c", "d"].map((letter) => Array.from({ length: 10 }, (_, index) => ({ title: `${letter}${index}` })));
    const responses = await Promise.all(batches.map((items) => api.post(`/api/v1/tasks/${task.id}/subtasks`, { items })));
    for (const response of responses) expect(response.status, response.text).toBe(201);
    const rows = await positions(task.id);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    // Each call's items stay together and in their order.
    const letters = rows.map((row) => row.title[0]);
    for (const letter of ["a", "b", "c", "d"]) {
      const start = letters.indexOf(letter);
      expect(rows.slice(start, start + 10).map((row) => row.title)).toEqual(Array.from({ length: 10 }, (_, index) => `${letter}${index}`));
    }
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["no items", {}, ["items"]],
    ["an empty list", { items: [] }, ["items"]],
    ["101 items", { items: Array.from({ length: 101 }, () => ({ title: "s" })) }, ["items"]],
    ["items that are not an array", { items: { title: "s" } }, ["items"]],
    [
      "bad items",
      { items: [{ title: "ok" }, { title: "" }, { title: "s".repeat(501) }, { title: "x", isCompleted: "true" }, { isCompleted: true }] },
      ["items.1.title", "items.2.title", "items.3.isCompleted", "items.4.title"],
    ],
  ])("refuses %s with 400 and writes nothing", async (_label, body, fields) => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const task = await createTask(api, { title: "x", subtasks: [{ title: "kept" }] });
    const before = await taskTableCounts(admin.organizationId);
    expectValidationError(await api.post(`/api/v1/tasks/${task.id}/subtasks`, body), fields);
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
    expect((await api.get(`/api/v1/tasks/${task.id}`)).body.data).toEqual(task);
  });

  it("accepts 1 and 100 items and a 500-character title", async () => {
    const { api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api);
    expect((await api.post(`/api/v1/tasks/${task.id}/subtasks`, { items: [{ title: "s".repeat(500) }] })).status).toBe(201);
    const hundred = await api.post(`/api/v1/tasks/${task.id}/subtasks`, { items: Array.from({ length: 100 }, (_, index) => ({ title: `${index}` })) });
    expect(hundred.status).toBe(201);
    expect(hundred.body.data).toHaveLength(100);
  });

  it("is 404 for an unknown, deleted or foreign task and writes nothing", async () => {
    const { admin, api } = await apiOrganization(["tasks:*"]);
    const other = await apiOrganization(["tasks:write"]);
    const foreign = await createTask(other.api);
    const deleted = await createTask(api);
    await api.delete(`/api/v1/tasks/${deleted.id}`);
    const before = await taskTableCounts(admin.organizationId, other.admin.organizationId);
    for (const id of ["missing", foreign.id, deleted.id]) {
      const response = await api.post(`/api/v1/tasks/${id}/subtasks`, { items: [{ title: "s" }] });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("not_found");
    }
    expect(await taskTableCounts(admin.organizationId, other.admin.organizationId)).toEqual(before);
  });
});

describe("POST /api/app/tasks/:taskId/comments", () => {
  it("lets any member comment and answers the comment with its author", async () => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const member = await addMember(admin);
    const task = await createTask(api);
    await afterInstant(task.updatedAt);
    const response = await member.client.post(`/api/app/tasks/${task.id}/comments`, { body: "  Looks good  " });
    expect(response.status, response.text).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.any(String) });
    expect(response.body.data).toEqual({ id: expect.any(String), taskId: task.id, authorId: member.userId, body: "Looks good", createdAt: expect.stringMatching(ISO_UTC) });
    const row = await (await getDb()).comment.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(row).toMatchObject({ organizationId: admin.organizationId, taskId: task.id, authorId: member.userId, body: "Looks good" });
    const after = (await api.get(`/api/v1/tasks/${task.id}`)).body.data;
    expect(after.comments).toEqual([{ id: row.id, body: "Looks good", createdAt: response.body.data.createdAt }]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(task.updatedAt));
  });

  it("accepts 10,000 characters", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api);
    const response = await admin.client.post(`/api/app/tasks/${task.id}/comments`, { body: "c".repeat(10_000) });
    expect(response.status).toBe(201);
    expect(response.body.data.body).toHaveLength(10_000);
  });

  it.each<[string, unknown]>([
    ["no body", {}],
    ["an empty body", { body: "" }],
    ["a blank body", { body: "   " }],
    ["a 10,001-character body", { body: "c".repeat(10_001) }],
    ["a numeric body", { body: 5 }],
    ["a null body", { body: null }],
  ])("refuses %s with 400 and writes nothing", async (_label, payload) => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api);
    const before = await taskTableCounts(admin.organizationId);
    expectValidationError(await admin.client.post(`/api/app/tasks/${task.id}/comments`, payload), ["body"]);
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
  });

  it("is 404 for an unknown, deleted or other organization's task", async () => {
    const { admin, api } = await apiOrganization(["tasks:*"]);
    const outsider = await signUpOrganization();
    const deleted = await createTask(api);
    await api.delete(`/api/v1/tasks/${deleted.id}`);
    const live = await createTask(api, { title: "Private" });
    const before = await taskTableCounts(admin.organizationId, outsider.organizationId);
    for (const [client, id] of [
      [admin.client, "missing"],
      [admin.client, deleted.id],
      [outsider.client, live.id],
    ] as const) {
      const response = await client.post(`/api/app/tasks/${id}/comments`, { body: "hi" });
      expect(response.status, response.text).toBe(404);
      expect(response.body.error).toBe("not_found");
      expect(response.text).not.toContain("Private");
    }
    expect(await taskTableCounts(admin.organizationId, outsider.organizationId)).toEqual(before);
  });

  it("needs a session (401) and refuses cross-origin posts (403)", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api);
    const anonymous = await new TestClient().post(`/api/app/tasks/${task.id}/comments`, { body: "hi" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("unauthorized");
    const keyOnly = await api.post(`/api/app/tasks/${task.id}/comments`, { body: "hi" });
    expect(keyOnly.status).toBe(401);
    const crossOrigin = await admin.client.post(`/api/app/tasks/${task.id}/comments`, { body: "hi" }, { headers: { origin: "https://evil.example" } });
    expect(crossOrigin.status).toBe(403);
    expect(await (await getDb()).comment.count({ where: { taskId: task.id } })).toBe(0);
  });
});
