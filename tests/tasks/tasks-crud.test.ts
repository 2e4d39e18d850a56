// Task create, read, update and soft delete over /api/v1 (contract sections 2.1, 4.2; app-api section 6).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addMember, apiOrganization, insertConstellation, insertCustomer } from "../harness/factories";
import { COMMENT_KEYS, ISO_UTC, SUBTASK_KEYS, TASK_KEYS, afterInstant, createTask, expectValidationError, taskTableCounts } from "../harness/tasks";

describe("POST /api/v1/tasks", () => {
  it("creates a task with every field and answers exactly the allowlisted fields", async () => {
    const { admin, api } = await apiOrganization(["tasks:write", "tasks:read"]);
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId);
    const response = await api.post("/api/v1/tasks", {
      title: "  Quarterly report  ",
      description: "  Numbers for Q3  ",
      status: "in_progress",
      assigneeId: member.userId,
      customerId: customer.id,
      tags: [" finance ", "q3", "finance", "urgent"],
      subtasks: [{ title: "Collect" }, { title: "Draft", isCompleted: true }, { title: "Review", isCompleted: false }],
      organizationId: "someone-else",
      loggedSeconds: 999,
      deletedAt: "2020-01-01T00:00:00.000Z",
    });
    expect(response.status, response.text).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(response.body.meta.rateLimit).toEqual({ limit: 1000, remaining: expect.any(Number), reset: expect.any(Number) });
    const task = response.body.data;
    expect(Object.keys(task).sort()).toEqual(TASK_KEYS);
    expect(task).toEqual({
      id: expect.any(String),
      title: "Quarterly report",
      description: "Numbers for Q3",
      status: "in_progress",
      assigneeId: member.userId,
      customerId: customer.id,
      primaryConstellationId: null,
      loggedSeconds: 0,
      billableSeconds: 0,
      tags: ["finance", "q3", "urgent"],
      subtasks: [
        { id: expect.any(String), title: "Collect", isCompleted: false, createdAt: expect.stringMatching(ISO_UTC) },
        { id: expect.any(String), title: "Draft", isCompleted: true, createdAt: expect.stringMatching(ISO_UTC) },
        { id: expect.any(String), title: "Review", isCompleted: false, createdAt: expect.stringMatching(ISO_UTC) },
      ],
      comments: [],
      createdAt: expect.stringMatching(ISO_UTC),
      updatedAt: task.createdAt,
    });
    for (const subtask of task.subtasks) expect(Object.keys(subtask).sort()).toEqual(SUBTASK_KEYS);
    expect(response.text).not.toContain("organizationId");
    expect(response.text).not.toContain("deletedAt");

    const row = await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id }, include: { subtasks: { orderBy: { position: "asc" } } } });
    expect(row.organizationId).toBe(admin.organizationId);
    expect(row.deletedAt).toBeNull();
    expect(row.loggedSeconds).toBe(0);
    expect(row.subtasks.map((subtask) => [subtask.position, subtask.title, subtask.organizationId])).toEqual([
      [0, "Collect", admin.organizationId],
      [1, "Draft", admin.organizationId],
      [2, "Review", admin.organizationId],
    ]);
  });

  it("answers a new task byte for byte as a read of it does, stamped with the row's instant, its id shaped like Prisma's cuid()", async () => {
    const { api } = await apiOrganization(["tasks:write", "tasks:read"]);
    const created = await api.post("/api/v1/tasks", { title: "Stamped", description: "With a description", status: "up_next", tags: ["b", "a"] });
    expect(created.status, created.text).toBe(201);
    const task = created.body.data;
    const read = await api.get(`/api/v1/tasks/${task.id}`);
    expect(read.status, read.text).toBe(200);
    expect(JSON.stringify(read.body.data)).toBe(JSON.stringify(task));

    const row = await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } });
    expect([row.createdAt.toISOString(), row.updatedAt.toISOString()]).toEqual([task.createdAt, task.createdAt]);
    expect([row.status, row.tags]).toEqual(["up_next", ["b", "a"]]);
    const other = await createTask(api, { title: "Another" });
    expect([task.id, other.id]).toEqual([expect.stringMatching(/^c[0-9a-z]{24}$/), expect.stringMatching(/^c[0-9a-z]{24}$/)]);
    expect(other.id).not.toBe(task.id);
  });

  it("defaults everything but the title", async () => {
    const { api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api, { title: "Minimal" });
    expect(task).toMatchObject({
      title: "Minimal",
      description: null,
      status: "todo",
      assigneeId: null,
      customerId: null,
      primaryConstellationId: null,
      tags: [],
      subtasks: [],
      comments: [],
    });
  });

  it("accepts every limit exactly", async () => {
    const { api } = await apiOrganization(["tasks:write"]);
    const tags = Array.from({ length: 50 }, (_, index) => `${index}`.padEnd(50, "t"));
    const task = await createTask(api, {
      title: "t".repeat(200),
      description: "d".repeat(10_000),
      tags,
      subtasks: Array.from({ length: 100 }, (_, index) => ({ title: index === 0 ? "s".repeat(500) : `item ${index}` })),
    });
    expect(task.title).toHaveLength(200);
    expect(task.description).toHaveLength(10_000);
    expect(task.tags).toEqual(tags);
    expect(task.subtasks).toHaveLength(100);
    expect(task.subtasks[0].title).toHaveLength(500);
  });

  it("stores a blank description as null", async () => {
    const { api } = await apiOrganization(["tasks:write"]);
    expect((await createTask(api, { title: "x", description: "   " })).description).toBeNull();
    expect((await createTask(api, { title: "x", description: null })).description).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["no title", {}, ["title"]],
    ["an empty title", { title: "" }, ["title"]],
    ["a blank title", { title: "   " }, ["title"]],
    ["a null title", { title: null }, ["title"]],
    ["a 201-character title", { title: "t".repeat(201) }, ["title"]],
    ["a numeric title", { title: 5 }, ["title"]],
    ["a 10,001-character description", { title: "x", description: "d".repeat(10_001) }, ["description"]],
    ["a numeric description", { title: "x", description: 5 }, ["description"]],
    ["an unknown status", { title: "x", status: "blocked" }, ["status"]],
    ["a null status", { title: "x", status: null }, ["status"]],
    ["tags that are not an array", { title: "x", tags: "a,b" }, ["tags"]],
    ["a numeric tag", { title: "x", tags: ["ok", 1] }, ["tags.1"]],
    ["a blank tag", { title: "x", tags: ["  "] }, ["tags.0"]],
    ["a 51-character tag", { title: "x", tags: ["t".repeat(51)] }, ["tags.0"]],
    ["51 tags", { title: "x", tags: Array.from({ length: 51 }, (_, index) => `t${index}`) }, ["tags"]],
    ["null tags", { title: "x", tags: null }, ["tags"]],
    ["an empty assigneeId", { title: "x", assigneeId: "" }, ["assigneeId"]],
    ["a numeric customerId", { title: "x", customerId: 7 }, ["customerId"]],
    ["subtasks that are not an array", { title: "x", subtasks: "a" }, ["subtasks"]],
    ["101 subtasks", { title: "x", subtasks: Array.from({ length: 101 }, () => ({ title: "s" })) }, ["subtasks"]],
    [
      "several bad subtasks",
      { title: "x", subtasks: [{ title: "ok" }, {}, { title: "s".repeat(501) }, { title: "a", isCompleted: "true" }, { title: 3 }, "x"] },
      ["subtasks.1.title", "subtasks.2.title", "subtasks.3.isCompleted", "subtasks.4.title", "subtasks.5"],
    ],
    ["isCompleted as 1", { title: "x", subtasks: [{ title: "a", isCompleted: 1 }] }, ["subtasks.0.isCompleted"]],
    ["several bad fields", { title: 5, tags: "x", status: "nope", subtasks: [{ title: "a", isCompleted: "false" }] }, ["title", "tags", "status", "subtasks.0.isCompleted"]],
  ])("refuses %s with 400 and writes nothing", async (_label, body, fields) => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const before = await taskTableCounts(admin.organizationId);
    const response = await api.post("/api/v1/tasks", body);
    expectValidationError(response, fields);
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.any(String) });
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
  });

  it("refuses a body that is not a JSON object", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const before = await taskTableCounts(admin.organizationId);
    for (const rawBody of ["[1]", "not json", '"title"']) {
      const response = await api.request("POST", "/api/v1/tasks", { rawBody, headers: { "content-type": "application/json" } });
      expect(response.status, rawBody).toBe(400);
      expect(response.body.error).toBe("validation_error");
    }
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
  });

  it("refuses assignees and customers outside the organization with 400 naming each field", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const other = await apiOrganization(["tasks:write"]);
    const foreignMember = await addMember(other.admin);
    const foreignCustomer = await insertCustomer(other.admin.organizationId);
    const before = await taskTableCounts(admin.organizationId, other.admin.organizationId);

    expectValidationError(await api.post("/api/v1/tasks", { title: "x", assigneeId: foreignMember.userId }), ["assigneeId"]);
    expectValidationError(await api.post("/api/v1/tasks", { title: "x", assigneeId: other.admin.userId }), ["assigneeId"]);
    expectValidationError(await api.post("/api/v1/tasks", { title: "x", customerId: foreignCustomer.id }), ["customerId"]);
    expectValidationError(await api.post("/api/v1/tasks", { title: "x", customerId: "missing" }), ["customerId"]);
    const both = await api.post("/api/v1/tasks", { title: "x", assigneeId: "nobody", customerId: foreignCustomer.id });
    expectValidationError(both, ["assigneeId", "customerId"]);
    expect(both.text).not.toContain(other.admin.organizationId);
    expect(await taskTableCounts(admin.organizationId, other.admin.organizationId)).toEqual(before);

    const own = await createTask(api, { title: "x", assigneeId: admin.userId });
    expect(own.assigneeId).toBe(admin.userId);
  });
});

describe("GET /api/v1/tasks/:taskId", () => {
  it("answers the task as created", async () => {
    const { api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const created = await createTask(api, { title: "Read me", tags: ["a"], subtasks: [{ title: "one" }] });
    const response = await api.get(`/api/v1/tasks/${created.id}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.data).toEqual(created);
  });

  it("answers a task created with every column it takes exactly as the database then reads it", async () => {
    const { api, admin } = await apiOrganization(["tasks:read", "tasks:write"]);
    const customer = await insertCustomer(admin.organizationId);
    const created = await createTask(api, {
      title: "Written once",
      description: "Read back\nin full",
      status: "in_progress",
      assigneeId: admin.userId,
      customerId: customer.id,
      tags: ["b", "a"],
    });
    const read = await api.get(`/api/v1/tasks/${created.id}`);
    expect(read.body.data).toEqual(created);
    expect(created).toMatchObject({ primaryConstellationId: null, loggedSeconds: 0, billableSeconds: 0, subtasks: [], comments: [] });
    expect(created.updatedAt).toBe(created.createdAt);
    const listed = await api.get("/api/v1/tasks?limit=1");
    expect(listed.body.data).toEqual([created]);
  });

  it("is 404 for an unknown task and for another organization's task", async () => {
    const { api } = await apiOrganization(["tasks:read"]);
    const other = await apiOrganization(["tasks:write"]);
    const foreign = await createTask(other.api, { title: "Secret plans" });
    for (const id of ["missing", foreign.id]) {
      const response = await api.get(`/api/v1/tasks/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("not_found");
      expect(response.text).not.toContain("Secret plans");
      expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    }
  });

  it("shows comment bodies but nothing about their authors", async () => {
    const { admin, api } = await apiOrganization(["tasks:read", "tasks:write"]);
    const member = await addMember(admin);
    const task = await createTask(api);
    const first = await member.client.post(`/api/app/tasks/${task.id}/comments`, { body: "First!" });
    expect(first.status, first.text).toBe(201);
    const second = await admin.client.post(`/api/app/tasks/${task.id}/comments`, { body: "Second" });
    expect(second.status, second.text).toBe(201);

    for (const response of [await api.get(`/api/v1/tasks/${task.id}`), await api.get("/api/v1/tasks")]) {
      const data = Array.isArray(response.body.data) ? response.body.data[0] : response.body.data;
      expect(data.comments).toEqual([
        { id: first.body.data.id, body: "First!", createdAt: first.body.data.createdAt },
        { id: second.body.data.id, body: "Second", createdAt: second.body.data.createdAt },
      ]);
      for (const comment of data.comments) expect(Object.keys(comment).sort()).toEqual(COMMENT_KEYS);
      for (const secret of [member.userId, admin.userId, member.email, admin.email, "Max Member", "Ada Admin", "authorId", "author"]) {
        expect(response.text).not.toContain(secret);
      }
    }
  });
});

describe("PATCH /api/v1/tasks/:taskId", () => {
  it("changes only the fields sent and moves updatedAt", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const customer = await insertCustomer(admin.organizationId);
    const task = await createTask(api, { title: "Before", description: "keep", tags: ["a"], customerId: customer.id, subtasks: [{ title: "s" }] });
    await afterInstant(task.updatedAt);
    const response = await api.patch(`/api/v1/tasks/${task.id}`, { title: "After", status: "done", tags: ["b", "b", " c "], assigneeId: admin.userId });
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(TASK_KEYS);
    expect(response.body.data).toEqual({
      ...task,
      title: "After",
      status: "done",
      tags: ["b", "c"],
      assigneeId: admin.userId,
      updatedAt: expect.stringMatching(ISO_UTC),
    });
    expect(Date.parse(response.body.data.updatedAt)).toBeGreaterThan(Date.parse(task.updatedAt));
  });

  it("clears description, assignee and customer with null", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const customer = await insertCustomer(admin.organizationId);
    const task = await createTask(api, { title: "x", description: "d", assigneeId: admin.userId, customerId: customer.id });
    const response = await api.patch(`/api/v1/tasks/${task.id}`, { description: null, assigneeId: null, customerId: null });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ description: null, assigneeId: null, customerId: null });
  });

  it("leaves updatedAt alone when nothing changes", async () => {
    const { admin, api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api, { title: "Same", tags: ["a", "b"], status: "up_next", assigneeId: admin.userId });
    await afterInstant(task.updatedAt);
    for (const body of [{}, { title: "Same", tags: ["a", "b", "a"], status: "up_next", assigneeId: admin.userId, description: null }]) {
      const response = await api.patch(`/api/v1/tasks/${task.id}`, body);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual(task);
    }
  });

  it("replaces the checklist when subtasks are sent; [] clears it", async () => {
    const { api } = await apiOrganization(["tasks:write"]);
    const task = await createTask(api, { title: "x", subtasks: [{ title: "old 1" }, { title: "old 2" }] });
    const replaced = await api.patch(`/api/v1/tasks/${task.id}`, { subtasks: [{ title: "new 1", isCompleted: true }, { title: "new 2" }, { title: "new 3" }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.subtasks.map((subtask: { title: string; isCompleted: boolean }) => [subtask.title, subtask.isCompleted])).toEqual([
      ["new 1", true],
      ["new 2", false],
      ["new 3", false],
    ]);
    const oldIds = task.subtasks.map((subtask: { id: string }) => subtask.id);
    expect(replaced.body.data.subtasks.some((subtask: { id: string }) => oldIds.includes(subtask.id))).toBe(false);
    const positions = await (await getDb()).subtask.findMany({ where: { taskId: task.id }, orderBy: { position: "asc" }, select: { position: true } });
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2]);

    const cleared = await api.patch(`/api/v1/tasks/${task.id}`, { subtasks: [] });
    expect(cleared.body.data.subtasks).toEqual([]);
    expect(await (await getDb()).subtask.count({ where: { taskId: task.id } })).toBe(0);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["a null title", { title: null }, ["title"]],
    ["a blank title", { title: " " }, ["title"]],
    ["a numeric title", { title: 1 }, ["title"]],
    ["a null status", { status: null }, ["status"]],
    ["an unknown status", { status: "archived" }, ["status"]],
    ["null tags", { tags: null }, ["tags"]],
    ["null subtasks", { subtasks: null }, ["subtasks"]],
    ["a bad subtask", { subtasks: [{ title: "ok" }, { title: "x", isCompleted: "yes" }] }, ["subtasks.1.isCompleted"]],
  ])("refuses %s with 400 and changes nothing", async (_label, body, fields) => {
    const { admin, api } = await apiOrganization(["tasks:write", "tasks:read"]);
    const task = await createTask(api, { title: "Original", status: "todo", tags: ["t"], subtasks: [{ title: "s" }] });
    const before = await taskTableCounts(admin.organizationId);
    expectValidationError(await api.patch(`/api/v1/tasks/${task.id}`, body), fields);
    expect((await api.get(`/api/v1/tasks/${task.id}`)).body.data).toEqual(task);
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
  });

  it("refuses references outside the organization with 400 and applies none of the other fields", async () => {
    const { admin, api } = await apiOrganization(["tasks:*", "constellations:write"]);
    const other = await apiOrganization(["tasks:write"]);
    const foreignCustomer = await insertCustomer(other.admin.organizationId);
    const foreignProject = await insertConstellation(other.admin.organizationId);
    const task = await createTask(api, { title: "Original", subtasks: [{ title: "keep" }] });
    const before = await taskTableCounts(admin.organizationId, other.admin.organizationId);
    const response = await api.patch(`/api/v1/tasks/${task.id}`, {
      title: "Changed",
      subtasks: [{ title: "replaced" }],
      assigneeId: other.admin.userId,
      customerId: foreignCustomer.id,
      constellationId: foreignProject.id,
    });
    expectValidationError(response, ["assigneeId", "customerId", "constellationId"]);
    expect((await api.get(`/api/v1/tasks/${task.id}`)).body.data).toEqual(task);
    expect(await taskTableCounts(admin.organizationId, other.admin.organizationId)).toEqual(before);
  });

  it("is 404 for an unknown task and another organization's task, which stays unchanged", async () => {
    const { api } = await apiOrganization(["tasks:write"]);
    const other = await apiOrganization(["tasks:write", "tasks:read"]);
    const foreign = await createTask(other.api, { title: "Theirs" });
    for (const id of ["missing", foreign.id]) {
      const response = await api.patch(`/api/v1/tasks/${id}`, { title: "Hijacked" });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("not_found");
    }
    expect((await other.api.get(`/api/v1/tasks/${foreign.id}`)).body.data).toEqual(foreign);
  });
});

describe("DELETE /api/v1/tasks/:taskId", () => {
  it("soft-deletes: 200 {success, id}, then 404 everywhere and absent from lists", async () => {
    const { admin, api } = await apiOrganization(["tasks:*"]);
    const task = await createTask(api, { title: "Doomed", subtasks: [{ title: "s" }] });
    const kept = await createTask(api, { title: "Kept" });
    const response = await api.delete(`/api/v1/tasks/${task.id}`);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "meta"]);
    expect(response.body.data).toEqual({ success: true, id: task.id });

    const row = await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } });
    expect(row.deletedAt).toBeInstanceOf(Date);
    const counts = await taskTableCounts(admin.organizationId);

    for (const followUp of [
      await api.get(`/api/v1/tasks/${task.id}`),
      await api.patch(`/api/v1/tasks/${task.id}`, { title: "Revived" }),
      await api.delete(`/api/v1/tasks/${task.id}`),
      await api.post(`/api/v1/tasks/${task.id}/subtasks`, { items: [{ title: "more" }] }),
      await admin.client.post(`/api/app/tasks/${task.id}/comments`, { body: "hello?" }),
    ]) {
      expect(followUp.status, followUp.text).toBe(404);
      expect(followUp.body.error).toBe("not_found");
    }
    const list = await api.get("/api/v1/tasks");
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([kept.id]);
    for (const search of ["Doomed", "doomed"]) expect((await api.get(`/api/v1/tasks?search=${search}`)).body.data).toEqual([]);
    expect(await taskTableCounts(admin.organizationId)).toEqual(counts);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe("Doomed");
  });

  it("is 404 for another organization's task, which is not deleted", async () => {
    const { api } = await apiOrganization(["tasks:delete"]);
    const other = await apiOrganization(["tasks:write", "tasks:read"]);
    const foreign = await createTask(other.api);
    const response = await api.delete(`/api/v1/tasks/${foreign.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe("not_found");
    expect((await other.api.get(`/api/v1/tasks/${foreign.id}`)).status).toBe(200);
  });
});
