// API key management (app-api section 4) and key authentication on /api/v1 (contract 5.1, 3.5).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { hashApiKey } from "@/server/auth/api-keys";
import { addMember, apiClient, createApiKey, signUpOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";

describe("creating keys", () => {
  it("returns the record and the key once; only the SHA-256 hash is stored", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const response = await admin.client.post("/api/app/api-keys", { name: "CI", scopes: ["tasks:read", "tasks:read", "customers:*"], rateLimitPerHour: 50 });
    expect(response.status).toBe(201);
    const data = response.body.data;
    expect(data.key).toMatch(/^sk_[0-9a-f]{64}$/);
    expect(data.key).toHaveLength(67);
    expect(data).toEqual({
      id: expect.any(String),
      name: "CI",
      scopes: ["tasks:read", "customers:*"],
      rateLimitPerHour: 50,
      createdAt: expect.any(String),
      lastUsedAt: null,
      expiresAt: null,
      isActive: true,
      app: null,
      key: data.key,
    });
    const stored = await (await getDb()).apiKey.findUniqueOrThrow({ where: { id: data.id } });
    expect(stored.keyHash).toBe(hashApiKey(data.key));
    expect(JSON.stringify(stored)).not.toContain(data.key);

    const list = await admin.client.get("/api/app/api-keys");
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("key");
    expect(list.body.data[0]).not.toHaveProperty("keyHash");
    expect(list.text).not.toContain(stored.keyHash);
    expect(list.body.data[0].rateLimitPerHour).toBe(50);
  });

  it("defaults the hourly limit to 1000 and generates distinct keys", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const first = await admin.client.post("/api/app/api-keys", { name: "a", scopes: ["*"] });
    const second = await admin.client.post("/api/app/api-keys", { name: "b", scopes: ["*"] });
    expect(first.body.data.rateLimitPerHour).toBe(1000);
    expect(first.body.data.key).not.toBe(second.body.data.key);
  });

  it("needs a plan granting customIntegrations (402) and writes nothing", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post("/api/app/api-keys", { name: "x", scopes: ["*"] });
    expect(response.status).toBe(402);
    expect(response.body.error).toBe("plan_required");
    expect((await admin.client.get("/api/app/api-keys")).body.data).toEqual([]);
  });

  it("needs the admin role", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const member = await addMember(admin);
    const response = await member.client.post("/api/app/api-keys", { name: "x", scopes: ["*"] });
    expect(response.status).toBe(403);
    expect(response.body.details).toEqual([{ field: "role", message: "admin role required" }]);
  });

  it("validates name, scopes, rate limit and expiry", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scopes: ["*"] }, "name"],
      [{ name: "x", scopes: [] }, "scopes"],
      [{ name: "x", scopes: ["time-logs:*"] }, "scopes.0"],
      [{ name: "x", scopes: ["customers:delete"] }, "scopes.0"],
      [{ name: "x", scopes: ["*"], rateLimitPerHour: 0 }, "rateLimitPerHour"],
      [{ name: "x", scopes: ["*"], rateLimitPerHour: 1_000_001 }, "rateLimitPerHour"],
      [{ name: "x", scopes: ["*"], rateLimitPerHour: "100" }, "rateLimitPerHour"],
      [{ name: "x", scopes: ["*"], expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt"],
      [{ name: "x", scopes: ["*"], expiresAt: "2099-01-01" }, "expiresAt"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.post("/api/app/api-keys", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe("validation_error");
      expect(response.body.details.map((detail: { field: string }) => detail.field)).toEqual([field]);
      // In words for the dialog: a sentence, never a schema's wording ("Too small: expected …", "Invalid input").
      const { message } = (response.body.details as { message: string }[])[0]!;
      expect(message, JSON.stringify(body)).toMatch(/^[A-Z].*\.$|^must be an ISO 8601 instant/);
      expect(message).not.toMatch(/expected|invalid input|too (small|big)|>=|<=/i);
    }
    expect((await admin.client.get("/api/app/api-keys")).body.data).toEqual([]);
  });
});

describe("revoking keys", () => {
  it("keeps the record, marks it inactive, and later requests are 401", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { key, id } = await createApiKey(admin, ["*"]);
    const response = await admin.client.delete(`/api/app/api-keys/${id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ success: true, id });
    const list = await admin.client.get("/api/app/api-keys");
    expect(list.body.data).toEqual([expect.objectContaining({ id, isActive: false })]);
    const api = await apiClient(key).get("/api/v1/customers");
    expect(api.status).toBe(401);
    expect(api.body.error).toBe("unauthorized");
  });

  it("cannot revoke another organization's key (404) and needs admin", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const other = await signUpOrganization({ plan: "pro" });
    const { id } = await createApiKey(other, ["*"]);
    expect((await admin.client.delete(`/api/app/api-keys/${id}`)).status).toBe(404);
    const member = await addMember(other);
    expect((await member.client.delete(`/api/app/api-keys/${id}`)).status).toBe(403);
    const list = await other.client.get("/api/app/api-keys");
    expect(list.body.data[0].isActive).toBe(true);
  });
});

describe("authentication on /api/v1", () => {
  const route = "/api/v1/customers";

  it.each([
    ["no header", {}],
    ["another scheme", { authorization: "Basic abc" }],
    ["no key", { authorization: "Bearer " }],
    ["malformed key", { authorization: "Bearer sk_123" }],
    ["uppercase hex", { authorization: `Bearer sk_${"A".repeat(64)}` }],
    ["unknown key", { authorization: `Bearer sk_${"a".repeat(64)}` }],
  ])("401 unauthorized with %s, with no rate-limit headers", async (_label, headers) => {
    const response = await new TestClient(headers as Record<string, string>).get(route);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe("unauthorized");
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.any(String) });
    for (const header of ["ratelimit-limit", "x-ratelimit-limit", "retry-after"]) expect(response.headers.get(header)).toBeNull();
  });

  it("never reads a key from the query string", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { key } = await createApiKey(admin, ["*"]);
    const response = await new TestClient().get(`${route}?api_key=${key}&key=${key}&access_token=${key}`);
    expect(response.status).toBe(401);
  });

  it("refuses an expired key", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { key, id } = await createApiKey(admin, ["*"]);
    await (await getDb()).apiKey.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await apiClient(key).get(route)).status).toBe(401);
  });

  it("records lastUsedAt", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { key } = await createApiKey(admin, ["*"]);
    await apiClient(key).get(route);
    await expect
      .poll(async () => (await admin.client.get("/api/app/api-keys")).body.data[0].lastUsedAt, { timeout: 5000 })
      .toEqual(expect.any(String));
  });

  it("re-checks the plan on every request: 402 after a downgrade, no rate-limit headers", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { key } = await createApiKey(admin, ["*"]);
    await admin.client.put("/api/app/organization/plan", { plan: "free" });
    const response = await apiClient(key).get(route);
    expect(response.status).toBe(402);
    expect(response.body.error).toBe("plan_required");
    expect(response.headers.get("ratelimit-limit")).toBeNull();
  });
});
