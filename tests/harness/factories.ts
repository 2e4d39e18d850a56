// Builds organizations, users and sessions through the real signup/member/plan routes, and the rows a
// suite needs that no route of its area writes (inserted with Prisma, always inside one organization).
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/db";
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

/** Whose row it is: an organization and, for time logs, the user who logged it. */
export interface RowOwner {
  organizationId: string;
  userId: string;
}

export async function insertCustomer(organizationId: string, data: Partial<Prisma.CustomerUncheckedCreateInput> = {}) {
  return (await getDb()).customer.create({ data: { organizationId, name: "Globex", ...data } });
}

export async function insertConstellation(organizationId: string, data: Partial<Prisma.ConstellationUncheckedCreateInput> = {}) {
  return (await getDb()).constellation.create({ data: { organizationId, title: "Launch", ...data } });
}

export async function insertTask(organizationId: string, data: Partial<Prisma.TaskUncheckedCreateInput> = {}) {
  return (await getDb()).task.create({ data: { organizationId, title: "Design review", ...data } });
}

/** A manual time log of the owner (ten minutes unless told). */
export async function insertTimeLog(
  owner: RowOwner,
  data: Partial<Prisma.TimeLogUncheckedCreateInput> & { startedAt: Date | string },
) {
  return (await getDb()).timeLog.create({
    data: { organizationId: owner.organizationId, userId: owner.userId, durationSeconds: 600, source: "manual", ...data, startedAt: new Date(data.startedAt) },
  });
}

/** An endpoint of the organization, which is put on the plan that sends webhooks. */
export async function insertEndpoint(organizationId: string, data: Partial<Prisma.WebhookEndpointUncheckedCreateInput> = {}) {
  const db = await getDb();
  await db.organization.update({ where: { id: organizationId }, data: { plan: "pro" } });
  return db.webhookEndpoint.create({
    data: {
      organizationId,
      url: "https://hooks.example.com/orbit",
      secret: `whsec_${randomBytes(32).toString("hex")}`,
      eventTypes: ["time_log.created", "invoice.created"],
      ...data,
    },
  });
}

/** The report suites' team: an admin with an hour and a member with half an hour for Globex (100.00 USD an hour), early in March 2026. */
export async function teamWithBillableTime() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000 });
  await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 3_600, customerId: globex.id });
  await insertTimeLog(member, { startedAt: "2026-03-03T10:00:00Z", durationSeconds: 1_800, customerId: globex.id });
  return { admin, member, globex };
}
