// Scope matrix of the task endpoints (contract sections 4.2 rule 3, 5.2), including the extra
// constellations:write a body with constellationId needs, checked before validation and rate limiting.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { apiOrganization, insertConstellation } from "../harness/factories";
import type { TestClient, TestResponse } from "../harness/http";
import { createTask, taskTableCounts } from "../harness/tasks";

type Call = (api: TestClient, ids: { taskId: string; projectId: string }) => Promise<TestResponse>;

const calls: Record<string, Call> = {
  list: (api) => api.get("/api/v1/tasks"),
  get: (api, { taskId }) => api.get(`/api/v1/tasks/${taskId}`),
  create: (api) => api.post("/api/v1/tasks", { title: "scoped" }),
  createFiled: (api, { projectId }) => api.post("/api/v1/tasks", { title: "filed", constellationId: projectId }),
  update: (api, { taskId }) => api.patch(`/api/v1/tasks/${taskId}`, { title: "renamed" }),
  updateFiled: (api, { taskId, projectId }) => api.patch(`/api/v1/tasks/${taskId}`, { constellationId: projectId }),
  appendSubtasks: (api, { taskId }) => api.post(`/api/v1/tasks/${taskId}/subtasks`, { items: [{ title: "more" }] }),
  delete: (api, { taskId }) => api.delete(`/api/v1/tasks/${taskId}`),
};

/** The scope each call lacks with a key of the given scopes, or null when it succeeds. */
const matrix: Array<[string[], Record<keyof typeof calls, string | null>]> = [
  [["tasks:read"], { list: null, get: null, create: "tasks:write", createFiled: "tasks:write", update: "tasks:write", updateFiled: "tasks:write", appendSubtasks: "tasks:write", delete: "tasks:delete" }],
  [["tasks:write"], { list: "tasks:read", get: "tasks:read", create: null, createFiled: "constellations:write", update: null, updateFiled: "constellations:write", appendSubtasks: null, delete: "tasks:delete" }],
  [["tasks:delete"], { list: "tasks:read", get: "tasks:read", create: "tasks:write", createFiled: "tasks:write", update: "tasks:write", updateFiled: "tasks:write", appendSubtasks: "tasks:write", delete: null }],
  [["tasks:*"], { list: null, get: null, create: null, createFiled: "constellations:write", update: null, updateFiled: "constellations:write", appendSubtasks: null, delete: null }],
  [["tasks:write", "constellations:write"], { list: "tasks:read", get: "tasks:read", create: null, createFiled: null, update: null, updateFiled: null, appendSubtasks: null, delete: "tasks:delete" }],
  [["tasks:write", "constellations:*"], { list: "tasks:read", get: "tasks:read", create: null, createFiled: null, update: null, updateFiled: null, appendSubtasks: null, delete: "tasks:delete" }],
  [["tasks:write", "constellations:read"], { list: "tasks:read", get: "tasks:read", create: null, createFiled: "constellations:write", update: null, updateFiled: "constellations:write", appendSubtasks: null, delete: "tasks:delete" }],
  [["customers:*", "constellations:*", "time-logs:read"], { list: "tasks:read", get: "tasks:read", create: "tasks:write", createFiled: "tasks:write", update: "tasks:write", updateFiled: "tasks:write", appendSubtasks: "tasks:write", delete: "tasks:delete" }],
  [["*"], { list: null, get: null, create: null, createFiled: null, update: null, updateFiled: null, appendSubtasks: null, delete: null }],
];

const successStatus: Record<keyof typeof calls, number> = { list: 200, get: 200, create: 201, createFiled: 201, update: 200, updateFiled: 200, appendSubtasks: 201, delete: 200 };

describe.each(matrix)("a key with %j", (scopes, expected) => {
  it("gets exactly the task routes its scopes grant; a refusal is 403 naming the scope and writes nothing", async () => {
    const { admin, api } = await apiOrganization(scopes);
    const project = await insertConstellation(admin.organizationId);
    // Tasks of the key's own organization, created out of band so every key can be tried on them.
    for (const [name, call] of Object.entries(calls) as Array<[keyof typeof calls, Call]>) {
      const task = await (await getDb()).task.create({ data: { organizationId: admin.organizationId, title: "target" } });
      const before = await taskTableCounts(admin.organizationId);
      const beforeRow = await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } });
      const response = await call(api, { taskId: task.id, projectId: project.id });
      const missing = expected[name];
      if (missing === null) {
        expect(response.status, `${name}: ${response.text}`).toBe(successStatus[name]);
        continue;
      }
      expect(response.status, `${name}: ${response.text}`).toBe(403);
      expect(response.body).toEqual({
        error: "forbidden",
        message: expect.any(String),
        details: [{ field: "permission", message: missing }],
        meta: { apiVersion: "v1", timestamp: expect.any(String) },
      });
      for (const header of ["ratelimit-limit", "x-ratelimit-limit", "retry-after"]) expect(response.headers.get(header)).toBeNull();
      expect(await taskTableCounts(admin.organizationId), name).toEqual(before);
      expect(await (await getDb()).task.findUniqueOrThrow({ where: { id: task.id } }), name).toEqual(beforeRow);
    }
  });
});

describe("constellationId and the scope check", () => {
  it("refuses with 403 before validating the body, for any constellationId value including null", async () => {
    const { admin, api } = await apiOrganization(["tasks:*"]);
    const task = await createTask(api);
    const before = await taskTableCounts(admin.organizationId);
    for (const body of [{ constellationId: "x" }, { title: 5, constellationId: null }, { title: "ok", constellationId: 42 }]) {
      for (const response of [await api.post("/api/v1/tasks", body), await api.patch(`/api/v1/tasks/${task.id}`, body)]) {
        expect(response.status, JSON.stringify(body)).toBe(403);
        expect(response.body.details).toEqual([{ field: "permission", message: "constellations:write" }]);
      }
    }
    expect(await taskTableCounts(admin.organizationId)).toEqual(before);
    expect(await (await getDb()).constellationTask.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });

  it("refuses before counting against the rate limit", async () => {
    const { api } = await apiOrganization(["tasks:write"], { rateLimitPerHour: 1 });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await api.post("/api/v1/tasks", { title: "x", constellationId: "p" })).status).toBe(403);
    }
    const allowed = await api.post("/api/v1/tasks", { title: "x" });
    expect(allowed.status, allowed.text).toBe(201);
    expect(allowed.headers.get("ratelimit-remaining")).toBe("0");
    const limited = await api.post("/api/v1/tasks", { title: "y" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("rate_limit_exceeded");
  });

  it("validates after the scope check: with both scopes, a null constellationId is 400", async () => {
    const { api } = await apiOrganization(["tasks:write", "constellations:write"]);
    const response = await api.post("/api/v1/tasks", { title: "x", constellationId: null });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: "constellationId", message: expect.stringContaining("unfiled") }]);
  });
});
