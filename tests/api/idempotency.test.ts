// Idempotency-Key on /api/v1 POST and PATCH (app-api section 13), through the real v1 edge and a real
// database: replays byte for byte, 409 for another request or one still running, exact under
// concurrency, 401-429 decided first and storing nothing, replays counted, 24 hours, the document.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { IDEMPOTENCY_KEY_TTL_MS, pruneIdempotencyKeys } from "@/server/lib/idempotency-retention";
import { ABANDONED_CLAIM_MS } from "@/server/services/idempotency/idempotency-keys";
import { expectErrorEnvelope } from "../harness/assertions";
import { apiClient, apiOrganization, createApiKey } from "../harness/factories";
import type { TestResponse } from "../harness/http";

const withKey = (key: string) => ({ headers: { "idempotency-key": key } });
let sequence = 0;
const newKey = () => `key-${Date.now()}-${(sequence += 1)}`;

async function taskCount(organizationId: string) {
  return (await getDb()).task.count({ where: { organizationId } });
}

async function storedKeys(organizationId: string) {
  return (await getDb()).idempotencyKey.count({ where: { organizationId } });
}

function expectKeyConflict(response: TestResponse) {
  expectErrorEnvelope(response, 409, "conflict");
  expect(response.body.details).toEqual([{ field: "Idempotency-Key", message: expect.any(String) }]);
}

describe("Idempotency-Key", () => {
  it("answers a repeat with the first response, byte for byte, marked replayed, and creates one task", async () => {
    const { api, admin } = await apiOrganization();
    const key = newKey();
    const first = await api.post("/api/v1/tasks", { title: "Write the report" }, withKey(key));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await api.post("/api/v1/tasks", { title: "Write the report" }, withKey(key));
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await taskCount(admin.organizationId)).toBe(1);
    // Every request counts against the rate limit, replays too.
    expect(Number(again.headers.get("ratelimit-remaining"))).toBe(Number(first.headers.get("ratelimit-remaining")) - 1);

    // Without the header, or with another key, a request runs again.
    expect((await api.post("/api/v1/tasks", { title: "Write the report" })).status).toBe(201);
    expect((await api.post("/api/v1/tasks", { title: "Write the report" }, withKey(newKey()))).status).toBe(201);
    expect(await taskCount(admin.organizationId)).toBe(3);
  });

  it("replays a PATCH, and keeps a 4xx answer for its repeats", async () => {
    const { api } = await apiOrganization();
    const task = await api.post("/api/v1/tasks", { title: "Draft" });
    const key = newKey();
    const patched = await api.patch(`/api/v1/tasks/${task.body.data.id}`, { title: "Final" }, withKey(key));
    expect(patched.status, patched.text).toBe(200);
    await api.patch(`/api/v1/tasks/${task.body.data.id}`, { title: "Changed by someone else" });
    const replayed = await api.patch(`/api/v1/tasks/${task.body.data.id}`, { title: "Final" }, withKey(key));
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.text).toBe(patched.text);
    expect((await api.get(`/api/v1/tasks/${task.body.data.id}`)).body.data.title).toBe("Changed by someone else");

    const badKey = newKey();
    const invalid = await api.post("/api/v1/tasks", { title: 5 }, withKey(badKey));
    expectErrorEnvelope(invalid, 400, "validation_error");
    const invalidAgain = await api.post("/api/v1/tasks", { title: 5 }, withKey(badKey));
    expect(invalidAgain.status).toBe(400);
    expect(invalidAgain.text).toBe(invalid.text);
    expect(invalidAgain.headers.get("idempotent-replayed")).toBe("true");
  });

  it("refuses the same key with another body or another path with a 409 naming the header, and runs nothing", async () => {
    const { api, admin } = await apiOrganization();
    const key = newKey();
    expect((await api.post("/api/v1/tasks", { title: "One" }, withKey(key))).status).toBe(201);
    expectKeyConflict(await api.post("/api/v1/tasks", { title: "Two" }, withKey(key)));
    expectKeyConflict(await api.post("/api/v1/customers", { name: "One" }, withKey(key)));
    expect(await taskCount(admin.organizationId)).toBe(1);
    expect(await (await getDb()).customer.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });

  it("runs one of several concurrent requests with one key; the others get the replay or a 409, never a second task", async () => {
    const { api, admin } = await apiOrganization();
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 6 }, () => api.post("/api/v1/tasks", { title: "Once" }, withKey(key))));
    const created = responses.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.text)).size).toBe(1);
    for (const response of responses) if (response.status !== 201) expectKeyConflict(response);
    expect(created.filter((response) => response.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await taskCount(admin.organizationId)).toBe(1);
  });

  it("answers 409 while the first request still runs, and takes over a claim its process abandoned", async () => {
    const { api, admin, keyId } = await apiOrganization();
    const db = await getDb();
    const key = newKey();
    // The first request claimed the key and is still running (no answer stored yet).
    const first = await api.post("/api/v1/tasks", { title: "Slow" }, withKey(key));
    await db.idempotencyKey.updateMany({ where: { apiKeyId: keyId, key }, data: { statusCode: null, responseBody: null, completedAt: null } });
    expectKeyConflict(await api.post("/api/v1/tasks", { title: "Slow" }, withKey(key)));
    // Its process died: past the abandonment time the same request runs again; another request still may not.
    await db.idempotencyKey.updateMany({ where: { apiKeyId: keyId, key }, data: { createdAt: new Date(Date.now() - ABANDONED_CLAIM_MS - 1_000) } });
    expectKeyConflict(await api.post("/api/v1/tasks", { title: "Other" }, withKey(key)));
    const retried = await api.post("/api/v1/tasks", { title: "Slow" }, withKey(key));
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(retried.body.data.id).not.toBe(first.body.data.id);
    expect(await taskCount(admin.organizationId)).toBe(2);
  });

  it("refuses a key over 255 characters or empty with a 400 naming the header, and runs nothing", async () => {
    const { api, admin } = await apiOrganization();
    for (const key of ["k".repeat(256), ""]) {
      const response = await api.post("/api/v1/tasks", { title: "Never" }, withKey(key));
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details).toEqual([{ field: "Idempotency-Key", message: expect.any(String) }]);
    }
    expect((await api.post("/api/v1/tasks", { title: "Fits" }, withKey("k".repeat(255)))).status).toBe(201);
    expect(await taskCount(admin.organizationId)).toBe(1);
  });

  it("decides 401, 403 and 429 before the key and stores nothing for them; GET ignores the header", async () => {
    const { admin, api } = await apiOrganization(["*"], { rateLimitPerHour: 2 });
    const readOnly = apiClient((await createApiKey(admin, ["tasks:read"])).key);
    const key = newKey();
    expect((await apiClient("sk_" + "0".repeat(64)).post("/api/v1/tasks", { title: "x" }, withKey(key))).status).toBe(401);
    expect((await readOnly.post("/api/v1/tasks", { title: "x" }, withKey(key))).status).toBe(403);
    expect((await readOnly.get("/api/v1/tasks", withKey(key))).status).toBe(200);
    expect(await storedKeys(admin.organizationId)).toBe(0);

    expect((await api.post("/api/v1/tasks", { title: "x" }, withKey(key))).status).toBe(201);
    expect((await api.post("/api/v1/tasks", { title: "x" }, withKey(key))).headers.get("idempotent-replayed")).toBe("true");
    // The limit is used up, replays included: the next request is a 429 and stores nothing.
    const limited = await api.post("/api/v1/tasks", { title: "y" }, withKey(newKey()));
    expectErrorEnvelope(limited, 429, "rate_limit_exceeded");
    expect(await storedKeys(admin.organizationId)).toBe(1);
  });

  it("keys belong to one API key: another key may use the same string for its own request", async () => {
    const { admin, api } = await apiOrganization();
    const other = apiClient((await createApiKey(admin)).key);
    const key = newKey();
    expect((await api.post("/api/v1/tasks", { title: "Mine" }, withKey(key))).status).toBe(201);
    const theirs = await other.post("/api/v1/tasks", { title: "Theirs" }, withKey(key));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await taskCount(admin.organizationId)).toBe(2);
  });

  it("forgets a key after 24 hours: used again it runs anew, and retention deletes expired keys a bounded batch at a time", async () => {
    const { admin, api, keyId } = await apiOrganization();
    const db = await getDb();
    const key = newKey();
    expect((await api.post("/api/v1/tasks", { title: "Yesterday" }, withKey(key))).status).toBe(201);
    const expired = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 1_000);
    await db.idempotencyKey.updateMany({ where: { apiKeyId: keyId }, data: { createdAt: expired } });
    const anew = await api.post("/api/v1/tasks", { title: "Today" }, withKey(key));
    expect(anew.status).toBe(201);
    expect(anew.headers.get("idempotent-replayed")).toBeNull();
    expect(await taskCount(admin.organizationId)).toBe(2);

    for (let index = 0; index < 3; index += 1) await api.post("/api/v1/tasks", { title: `Old ${index}` }, withKey(newKey()));
    await db.idempotencyKey.updateMany({ where: { apiKeyId: keyId, key: { not: key } }, data: { createdAt: expired } });
    expect(await pruneIdempotencyKeys(db, { batch: 2 })).toBe(2);
    expect(await pruneIdempotencyKeys(db, { batch: 2 })).toBe(1);
    expect(await db.idempotencyKey.findMany({ where: { apiKeyId: keyId }, select: { key: true } })).toEqual([{ key }]);
  });
});
