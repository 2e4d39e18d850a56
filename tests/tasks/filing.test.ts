// Filing tasks under projects and the partially completed create (contract 4.2 rules 3-6, section 7;
// app-api section 7).
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { getDb } from "@/server/db";
import { apiOrganization, insertConstellation } from "../harness/factories";
import { afterInstant, createTask, expectValidationError, taskTableCounts } from "../harness/tasks";
import { getLogger } from "@/server/operations/logger";

const FILING_SCOPES = ["tasks:*", "constellations:write"];

async function boardLinks(taskId: string) {
  const links = await (await getDb()).constellationTask.findMany({ where: { taskId }, orderBy: { createdAt: "asc" } });
  return links.map((link) => ({ constellationId: link.constellationId, organizationId: link.organizationId }));
}

describe("filing on create", () => {
  it("sets primaryConstellationId and the board link", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    const task = await createTask(api, { title: "Filed", constellationId: project.id, subtasks: [{ title: "a" }, { title: "b" }] });
    expect(task.primaryConstellationId).toBe(project.id);
    expect(task.subtasks.map((subtask: { title: string }) => subtask.title)).toEqual(["a", "b"]);
    expect(task.updatedAt).toBe(task.createdAt);
    expect(await boardLinks(task.id)).toEqual([{ constellationId: project.id, organizationId: admin.organizationId }]);
    expect((await api.get(`/api/v1/tasks/${task.id}`)).body.data).toEqual(task);
  });

  it("accepts an archived project of the organization", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    await (await getDb()).constellation.update({ where: { id: project.id }, data: { archived: true, archivedAt: new Date() } });
    expect((await createTask(api, { title: "x", constellationId: project.id })).primaryConstellationId).toBe(project.id);
  });

  it("refuses an unknown or foreign project, null, and a non-string with 400, writing nothing", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const other = await apiOrganization(FILING_SCOPES);
    const foreign = await insertConstellation(other.admin.organizationId, { title: "Their project" });
    const before = await taskTableCounts(admin.organizationId, other.admin.organizationId);
    for (const constellationId of ["missing", foreign.id, null, 5, ""]) {
      const response = await api.post("/api/v1/tasks", { title: "x", constellationId, subtasks: [{ title: "s" }] });
      expectValidationError(response, ["constellationId"]);
      expect(response.text).not.toContain("Their project");
    }
    expect(await taskTableCounts(admin.organizationId, other.admin.organizationId)).toEqual(before);
  });
});

describe("references beside a refused body's other fields", () => {
  it("names every invalid field in one 400: the body's faults, then the ids that are not the organization's", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const other = await apiOrganization(FILING_SCOPES);
    const foreign = await insertConstellation(other.admin.organizationId, { title: "Their project" });
    const mine = await insertConstellation(admin.organizationId);
    const before = await taskTableCounts(admin.organizationId, other.admin.organizationId);
    const created = await api.post("/api/v1/tasks", { title: "", status: "blocked", assigneeId: "nobody", constellationId: foreign.id });
    expectValidationError(created, ["title", "status", "assigneeId", "constellationId"]);
    expect(created.body.details.map((detail: { field: string }) => detail.field)).toEqual(["title", "status", "assigneeId", "constellationId"]);
    expect(created.body.details.at(-1)).toEqual({ field: "constellationId", message: "no project with this id in your organization" });
    expect(created.text).not.toContain("Their project");
    // The organization's own ids are not named; an id the schema refuses is named once, by the schema.
    expectValidationError(await api.post("/api/v1/tasks", { title: "", constellationId: mine.id }), ["title"]);
    expectValidationError(await api.post("/api/v1/tasks", { title: "", constellationId: null, customerId: 5 }), ["title", "constellationId", "customerId"]);

    // Beside a query parameter the operation does not take, found by the edge before admission.
    const withUnknown = await api.post("/api/v1/tasks?per_page=5", { title: "", constellationId: foreign.id });
    expect(withUnknown.body.details.map((detail: { field: string }) => detail.field)).toEqual(["title", "per_page", "constellationId"]);

    const task = await createTask(api, { title: "Kept" });
    const updated = await api.patch(`/api/v1/tasks/${task.id}`, { title: "", customerId: "missing" });
    expectValidationError(updated, ["title", "customerId"]);
    expect((await api.get(`/api/v1/tasks/${task.id}`)).body.data).toEqual(task);

    const projects = () => getDb().then((db) => db.constellation.count({ where: { organizationId: admin.organizationId } }));
    const projectsBefore = await projects();
    const project = await api.post("/api/v1/constellations", { title: "", status: "onHold", customerId: "missing" });
    expectValidationError(project, ["title", "status", "customerId"]);
    expect(await projects()).toBe(projectsBefore);
    expect(await taskTableCounts(admin.organizationId, other.admin.organizationId)).toEqual({ ...before, tasks: before.tasks + 1 });
  });
});

describe("filing on update", () => {
  it("files an unfiled task, and re-filing under the same project changes nothing", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    const task = await createTask(api, { title: "Loose" });
    await afterInstant(task.updatedAt);
    const filed = await api.patch(`/api/v1/tasks/${task.id}`, { constellationId: project.id });
    expect(filed.status, filed.text).toBe(200);
    expect(filed.body.data).toEqual({ ...task, primaryConstellationId: project.id, updatedAt: expect.any(String) });
    expect(Date.parse(filed.body.data.updatedAt)).toBeGreaterThan(Date.parse(task.updatedAt));

    await afterInstant(filed.body.data.updatedAt);
    for (let attempt = 0; attempt < 3; attempt++) {
      const again = await api.patch(`/api/v1/tasks/${task.id}`, { constellationId: project.id });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(filed.body.data);
    }
    const created = await createTask(api, { title: "Born filed", constellationId: project.id });
    const refiled = await api.patch(`/api/v1/tasks/${created.id}`, { constellationId: project.id });
    expect(refiled.body.data).toEqual(created);
    expect(await boardLinks(task.id)).toEqual([{ constellationId: project.id, organizationId: admin.organizationId }]);
    expect(await boardLinks(created.id)).toHaveLength(1);
  });

  it("moves the primary project to another project and keeps the old board link", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const first = await insertConstellation(admin.organizationId, { title: "First" });
    const second = await insertConstellation(admin.organizationId, { title: "Second" });
    const task = await createTask(api, { title: "Mover", constellationId: first.id });

    const moved = await api.patch(`/api/v1/tasks/${task.id}`, { constellationId: second.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data.primaryConstellationId).toBe(second.id);
    expect((await boardLinks(task.id)).map((link) => link.constellationId).sort()).toEqual([first.id, second.id].sort());

    const back = await api.patch(`/api/v1/tasks/${task.id}`, { constellationId: first.id });
    expect(back.body.data.primaryConstellationId).toBe(first.id);
    expect(await boardLinks(task.id)).toHaveLength(2);
    expect((await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } })).primaryConstellationId).toBe(first.id);
  });

  it("restores a missing board link when re-filed", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    const task = await createTask(api, { title: "x", constellationId: project.id });
    await (await getDb()).constellationTask.deleteMany({ where: { taskId: task.id } });
    expect((await api.patch(`/api/v1/tasks/${task.id}`, { constellationId: project.id })).status).toBe(200);
    expect(await boardLinks(task.id)).toHaveLength(1);
  });

  it("refuses null (a task cannot be unfiled) and foreign projects with 400, changing nothing", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const other = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    const foreign = await insertConstellation(other.admin.organizationId);
    const task = await createTask(api, { title: "Filed", constellationId: project.id });
    const before = await taskTableCounts(admin.organizationId, other.admin.organizationId);
    for (const body of [{ constellationId: null }, { constellationId: foreign.id, title: "renamed" }, { constellationId: "missing", subtasks: [{ title: "s" }] }]) {
      expectValidationError(await api.patch(`/api/v1/tasks/${task.id}`, body), ["constellationId"]);
    }
    expect((await api.get(`/api/v1/tasks/${task.id}`)).body.data).toEqual(task);
    expect(await taskTableCounts(admin.organizationId, other.admin.organizationId)).toEqual(before);
    expect(await boardLinks(task.id)).toEqual([{ constellationId: project.id, organizationId: admin.organizationId }]);
  });
});

describe("a create that fails after the task row is written", () => {
  const triggers: string[] = [];

  /** Makes every insert into `table` fail inside the database, as a real constraint or outage would. */
  async function failInsertsInto(table: "Subtask" | "ConstellationTask") {
    const db = await getDb();
    const name = `fail_${table.toLowerCase()}_insert`;
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'storage unavailable for ${table}'; END $$`);
    await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${name}()`);
    triggers.push(`DROP TRIGGER IF EXISTS ${name} ON "${table}"`);
  }

  async function restoreInserts() {
    const db = await getDb();
    while (triggers.length) await db.$executeRawUnsafe(triggers.pop()!);
  }

  let errorLog: MockInstance<ReturnType<typeof getLogger>["error"]>;
  beforeEach(() => {
    errorLog = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
  });
  afterEach(async () => {
    errorLog.mockRestore();
    await restoreInserts();
  });

  function expectPartialCreate(response: { status: number; body: any; text: string; headers: Headers }) {
    expect(response.status, response.text).toBe(500);
    expect(Object.keys(response.body).sort()).toEqual(["details", "error", "message", "meta"]);
    expect(response.body.error).toBe("internal_error");
    expect(response.body.details).toHaveLength(1);
    const taskId: string = response.body.details[0].message;
    expect(response.body.details[0]).toEqual({ field: "taskId", message: taskId });
    expect(taskId).toMatch(/^[a-z0-9]{20,}$/);
    expect(response.body.message).toContain(taskId);
    expect(response.text).not.toMatch(/storage unavailable|RAISE|trigger|INSERT|Subtask"|ConstellationTask|prisma|at \w+ \(/i);
    expect(response.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(response.headers.get("ratelimit-remaining")).not.toBeNull();
    // The cause is kept for the operators, server-side only.
    expect(errorLog).toHaveBeenCalledWith(expect.objectContaining({ taskId }), expect.any(String));
    return taskId;
  }

  it("answers 500 naming the task when the checklist fails; the task exists unfiled and the client completes it", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    await failInsertsInto("Subtask");
    const before = await taskTableCounts(admin.organizationId);
    const subtasks = Array.from({ length: 5 }, (_, index) => ({ title: `step ${index}`, isCompleted: index === 0 }));
    const response = await api.post("/api/v1/tasks", { title: "Half done", tags: ["x"], constellationId: project.id, subtasks });
    const taskId = expectPartialCreate(response);

    // The task row was committed on its own; filing and the checklist were rolled back together.
    expect(await taskTableCounts(admin.organizationId)).toEqual({ ...before, tasks: before.tasks + 1 });
    const stored = await api.get(`/api/v1/tasks/${taskId}`);
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({ id: taskId, title: "Half done", tags: ["x"], primaryConstellationId: null, subtasks: [] });
    expect(await boardLinks(taskId)).toEqual([]);

    await restoreInserts();
    const filed = await api.patch(`/api/v1/tasks/${taskId}`, { constellationId: project.id });
    expect(filed.body.data.primaryConstellationId).toBe(project.id);
    const appended = await api.post(`/api/v1/tasks/${taskId}/subtasks`, { items: subtasks });
    expect(appended.status).toBe(201);
    const completed = (await api.get(`/api/v1/tasks/${taskId}`)).body.data;
    expect(completed.subtasks.map((subtask: { title: string; isCompleted: boolean }) => [subtask.title, subtask.isCompleted])).toEqual(
      subtasks.map((subtask) => [subtask.title, subtask.isCompleted]),
    );
    expect(await boardLinks(taskId)).toHaveLength(1);
    expect((await taskTableCounts(admin.organizationId)).tasks).toBe(before.tasks + 1);
  });

  it("answers 500 naming the task when the board link fails", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    const project = await insertConstellation(admin.organizationId);
    await failInsertsInto("ConstellationTask");
    const before = await taskTableCounts(admin.organizationId);
    const taskId = expectPartialCreate(await api.post("/api/v1/tasks", { title: "Unfiled", constellationId: project.id }));
    expect(await taskTableCounts(admin.organizationId)).toEqual({ ...before, tasks: before.tasks + 1 });
    const row = await (await getDb()).task.findUniqueOrThrow({ where: { id: taskId } });
    expect(row).toMatchObject({ organizationId: admin.organizationId, title: "Unfiled", primaryConstellationId: null, deletedAt: null });
  });

  it("is unaffected when there is nothing to do after the task row", async () => {
    const { api } = await apiOrganization(FILING_SCOPES);
    await failInsertsInto("Subtask");
    await failInsertsInto("ConstellationTask");
    const task = await createTask(api, { title: "Plain", subtasks: [] });
    expect(task.subtasks).toEqual([]);
  });

  it("still writes nothing when validation fails", async () => {
    const { admin, api } = await apiOrganization(FILING_SCOPES);
    await failInsertsInto("Subtask");
    const before = await taskTableCounts(admin.organizationId);
    expectValidationError(await api.post("/api/v1/tasks", { title: "x", constellationId: "missing", subtasks: [{ title: "s" }] }), ["constellationId"]);
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
  });
});
