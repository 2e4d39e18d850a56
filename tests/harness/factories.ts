// Builds organizations, users and sessions through the real signup/member/plan routes.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { TestClient } from "./http";

export const uniqueEmail = (label = "user") => `${label}-${randomBytes(6).toString("hex")}@example.com`;
export const PASSWORD = "correct horse battery";

export interface SignedInUser {
  client: TestClient;
  userId: string;
  organizationId: string;
  email: string;
}

/** Signs up a new organization; its first user is the admin. `plan: "pro"` upgrades it. */
export async function signUpOrganization(options: { plan?: "free" | "pro"; name?: string } = {}): Promise<SignedInUser> {
  const client = new TestClient();
  const email = uniqueEmail("admin");
  const response = await client.post("/api/app/auth/signup", { email, password: PASSWORD, name: "Ada Admin", organizationName: options.name ?? "Acme" });
  expect(response.status, response.text).toBe(201);
  if (options.plan === "pro") {
    const upgraded = await client.put("/api/app/organization/plan", { plan: "pro" });
    expect(upgraded.status, upgraded.text).toBe(200);
  }
  return { client, userId: response.body.data.user.id, organizationId: response.body.data.organization.id, email };
}

/** Adds a member (or admin) to the admin's organization and signs them in. */
export async function addMember(admin: SignedInUser, role: "admin" | "member" = "member"): Promise<SignedInUser> {
  const email = uniqueEmail(role);
  const created = await admin.client.post("/api/app/members", { email, password: PASSWORD, name: "Max Member", role });
  expect(created.status, created.text).toBe(201);
  const client = new TestClient();
  const login = await client.post("/api/app/auth/login", { email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  return { client, userId: created.body.data.user.id, organizationId: admin.organizationId, email };
}

/** Creates an API key through the app route; returns the plain key and its record id. */
export async function createApiKey(
  admin: SignedInUser,
  scopes: string[] = ["*"],
  options: { rateLimitPerHour?: number; name?: string } = {},
): Promise<{ key: string; id: string }> {
  const response = await admin.client.post("/api/app/api-keys", { name: options.name ?? "test key", scopes, rateLimitPerHour: options.rateLimitPerHour });
  expect(response.status, response.text).toBe(201);
  return { key: response.body.data.key, id: response.body.data.id };
}

/** A client that sends `Authorization: Bearer <key>` on every request, as an integrator would. */
export function apiClient(key: string): TestClient {
  return new TestClient({ authorization: `Bearer ${key}` });
}

/** A pro organization with an admin session and a key holding `scopes`. */
export async function apiOrganization(scopes: string[] = ["*"], options: { rateLimitPerHour?: number } = {}) {
  const admin = await signUpOrganization({ plan: "pro" });
  const { key, id } = await createApiKey(admin, scopes, options);
  return { admin, key, keyId: id, api: apiClient(key) };
}
