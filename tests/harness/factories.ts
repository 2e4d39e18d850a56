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
