// Developer apps (app-api section 14): registering, listing, editing, rotating and deleting the apps
// other organizations install, through /api/app.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { sha256Hex } from "@/server/auth/oauth-credentials";
import { addMember, signUpOrganization, type SignedInUser } from "../harness/factories";
import { expectAppErrorEnvelope, expectValidationError, ISO_TIMESTAMP } from "../harness/assertions";

const APP = { name: "Ledger Sync", redirectUris: ["https://ledger.example/callback"], scopes: ["tasks:read", "time-logs:read"], websiteUrl: "https://ledger.example", description: "Sends hours to the ledger." };

async function registerApp(admin: SignedInUser, body: Record<string, unknown> = APP) {
  const response = await admin.client.post("/api/app/oauth-apps", body);
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

async function auditActions(organizationId: string): Promise<string[]> {
  const rows = await (await getDb()).auditEvent.findMany({ where: { organizationId }, orderBy: { createdAt: "asc" }, select: { action: true } });
  return rows.map((row) => row.action);
}

describe("registering an app", () => {
  it("returns the client id and the secret once; only the secret's SHA-256 is stored", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(admin);
    expect(app).toEqual({
      id: expect.any(String),
      clientId: expect.stringMatching(/^oa_[0-9a-f]{24}$/),
      clientSecret: expect.stringMatching(/^oas_[0-9a-f]{64}$/),
      name: "Ledger Sync",
      redirectUris: APP.redirectUris,
      scopes: APP.scopes,
      websiteUrl: APP.websiteUrl,
      description: APP.description,
      installations: 0,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    const stored = await (await getDb()).oAuthApp.findUniqueOrThrow({ where: { id: app.id } });
    expect(stored.secretHash).toBe(sha256Hex(app.clientSecret));
    expect(JSON.stringify(stored)).not.toContain(app.clientSecret);

    const list = await admin.client.get("/api/app/oauth-apps");
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].clientSecret).toBeUndefined();
    expect(list.text).not.toContain(app.clientSecret);
    expect(list.body.pagination).toEqual({ hasMore: false });
    expect(await auditActions(admin.organizationId)).toContain("oauth_app.created");
  });

  it("refuses a member (403) and a free plan (402), and creates nothing", async () => {
    const free = await signUpOrganization();
    expectAppErrorEnvelope(await free.client.post("/api/app/oauth-apps", APP), 402, "plan_required");
    const pro = await signUpOrganization({ plan: "pro" });
    const member = await addMember(pro);
    expectAppErrorEnvelope(await member.client.post("/api/app/oauth-apps", APP), 403, "forbidden");
    expectAppErrorEnvelope(await member.client.get("/api/app/oauth-apps"), 403, "forbidden");
    expect(await (await getDb()).oAuthApp.count({ where: { organizationId: { in: [free.organizationId, pro.organizationId] } } })).toBe(0);
  });

  it("checks every field: name, redirect URIs (https, exact, 1-10), scopes from the table, website, description", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    expectValidationError(await admin.client.post("/api/app/oauth-apps", {}), ["name", "redirectUris", "scopes"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, name: "x".repeat(101) }), ["name"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: [] }), ["redirectUris"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: ["http://ledger.example/cb"] }), ["redirectUris.0"]);
    // Loopback over http only in development (the suite runs as APP_ENV=test).
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: ["http://localhost:8080/cb"] }), ["redirectUris.0"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: ["https://ledger.example/cb#frag"] }), ["redirectUris.0"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: ["not a url"] }), ["redirectUris.0"]);
    const eleven = Array.from({ length: 11 }, (_, index) => `https://ledger.example/cb${index}`);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: eleven }), ["redirectUris"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, scopes: [] }), ["scopes"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, scopes: ["tasks:read", "admin:all"] }), ["scopes.1"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, websiteUrl: "javascript:alert(1)" }), ["websiteUrl"]);
    expectValidationError(await admin.client.post("/api/app/oauth-apps", { ...APP, description: "x".repeat(501) }), ["description"]);
    const response = await admin.client.post("/api/app/oauth-apps", { ...APP, redirectUris: ["https://ledger.example/cb#frag"] });
    expect(response.body.details[0].message).toBe("Leave out the fragment (#…).");
    expect(await (await getDb()).oAuthApp.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });
});

describe("changing an app", () => {
  it("edits the fields given and records the change", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(admin);
    const response = await admin.client.patch(`/api/app/oauth-apps/${app.id}`, { name: "Ledger Sync 2", scopes: ["tasks:read"], websiteUrl: "" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ name: "Ledger Sync 2", scopes: ["tasks:read"], redirectUris: APP.redirectUris, websiteUrl: null, description: APP.description });
    expect(response.body.data.clientSecret).toBeUndefined();
    expectValidationError(await admin.client.patch(`/api/app/oauth-apps/${app.id}`, { redirectUris: ["ftp://x.example"] }), ["redirectUris.0"]);
    expect(await auditActions(admin.organizationId)).toEqual(["organization.plan_changed", "oauth_app.created", "oauth_app.updated"]);
  });

  it("rotates the secret: a new one shown once, the old hash replaced", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(admin);
    const response = await admin.client.post(`/api/app/oauth-apps/${app.id}/rotate-secret`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.clientSecret).toMatch(/^oas_[0-9a-f]{64}$/);
    expect(response.body.data.clientSecret).not.toBe(app.clientSecret);
    expect(response.body.data.clientId).toBe(app.clientId);
    const stored = await (await getDb()).oAuthApp.findUniqueOrThrow({ where: { id: app.id } });
    expect(stored.secretHash).toBe(sha256Hex(response.body.data.clientSecret));
    expect(await auditActions(admin.organizationId)).toContain("oauth_app.secret_rotated");
  });

  it("deletes the app (200 { success, id }) and records it", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(admin);
    const response = await admin.client.delete(`/api/app/oauth-apps/${app.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ success: true, id: app.id });
    expect((await admin.client.get("/api/app/oauth-apps")).body.data).toEqual([]);
    expect(await auditActions(admin.organizationId)).toContain("oauth_app.deleted");
  });

  it("never reaches another organization's app (404), nor lists it", async () => {
    const owner = await signUpOrganization({ plan: "pro" });
    const other = await signUpOrganization({ plan: "pro" });
    const app = await registerApp(owner);
    expectAppErrorEnvelope(await other.client.patch(`/api/app/oauth-apps/${app.id}`, { name: "Mine" }), 404, "not_found");
    expectAppErrorEnvelope(await other.client.post(`/api/app/oauth-apps/${app.id}/rotate-secret`), 404, "not_found");
    expectAppErrorEnvelope(await other.client.delete(`/api/app/oauth-apps/${app.id}`), 404, "not_found");
    expect((await other.client.get("/api/app/oauth-apps")).body.data).toEqual([]);
    const stored = await (await getDb()).oAuthApp.findUniqueOrThrow({ where: { id: app.id } });
    expect(stored.name).toBe(APP.name);
    expect(stored.secretHash).toBe(sha256Hex(app.clientSecret));
  });
});
