// Shared pieces of the webhook management suites: DNS stub, endpoint and delivery builders, envelope checks.
import { randomBytes } from "node:crypto";
import { expect, vi } from "vitest";
import type { SignedInUser } from "./factories";
import { getDb } from "@/server/db";
import { hostResolver } from "@/server/webhooks/resolve-host";

export const SECRET_FORMAT = /^whsec_[0-9a-f]{64}$/;

export const ENDPOINT_FIELDS = [
  "consecutiveFailures",
  "createdAt",
  "description",
  "disabledAt",
  "eventTypes",
  "id",
  "isActive",
  "maxRequestsPerSecond",
  "organizationId",
  "secret",
  "url",
].sort();

export const DELIVERY_FIELDS = [
  "attempts",
  "completedAt",
  "createdAt",
  "endpointId",
  "eventId",
  "eventType",
  "id",
  "isTest",
  "lastAttemptAt",
  "lastError",
  "lastStatusCode",
  "nextAttemptAt",
  "status",
].sort();

export { expectValidationError, ISO_TIMESTAMP as isoTimestamp } from "./assertions";

/**
 * Answers host lookups from a table (every other name fails as NXDOMAIN), so URL rules that depend
 * on DNS are exercised through the real routes without the network.
 */
export function stubDns(table: Record<string, string[]> = {}) {
  const calls: string[] = [];
  const spy = vi.spyOn(hostResolver, "resolveAll").mockImplementation(async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }) as const);
  });
  return { calls, restore: () => spy.mockRestore() };
}

export const validEndpointBody = (overrides: Record<string, unknown> = {}) => ({
  url: `https://hooks-${randomBytes(3).toString("hex")}.example.com/orbit`,
  description: "Billing sync",
  eventTypes: ["time_log.created"],
  ...overrides,
});

export async function createEndpoint(admin: SignedInUser, overrides: Record<string, unknown> = {}) {
  const response = await admin.client.post("/api/app/webhooks", validEndpointBody(overrides));
  expect(response.status, response.text).toBe(201);
  return response.body.data as Record<string, any>;
}

/** An endpoint written directly, bypassing the plan gate (e.g. for a free organization). */
export async function insertEndpoint(organizationId: string, overrides: Record<string, unknown> = {}) {
  const db = await getDb();
  return db.webhookEndpoint.create({
    data: {
      organizationId,
      url: "https://seeded.example.com/hook",
      secret: `whsec_${randomBytes(32).toString("hex")}`,
      eventTypes: ["time_log.created"],
      ...overrides,
    },
  });
}

export interface SeedDelivery {
  createdAt: Date;
  status?: "pending" | "success" | "failed";
  attempts?: number;
  lastStatusCode?: number | null;
  lastError?: string | null;
  lastAttemptAt?: Date | null;
  completedAt?: Date | null;
  nextAttemptAt?: Date;
  leaseUntil?: Date | null;
  /** One attempt logged then (as the engine logs each): 200 for a success, else `lastStatusCode` or 500. */
  attemptedAt?: Date;
}

/** One event (and its delivery to `endpointId`) per entry, as the outbox would have written them. */
export async function seedDeliveries(organizationId: string, endpointId: string, entries: SeedDelivery[]) {
  const db = await getDb();
  const rows = [];
  for (const entry of entries) {
    const eventId = `evt_${randomBytes(16).toString("hex")}`;
    await db.webhookEvent.create({
      data: { id: eventId, organizationId, type: "time_log.created", payload: JSON.stringify({ id: eventId }), createdAt: entry.createdAt, fannedOutAt: entry.createdAt },
    });
    rows.push(
      await db.webhookDelivery.create({
        data: {
          id: `dlv_${randomBytes(16).toString("hex")}`,
          organizationId,
          endpointId,
          eventId,
          eventType: "time_log.created",
          status: entry.status ?? "pending",
          attempts: entry.attempts ?? 0,
          lastStatusCode: entry.lastStatusCode ?? null,
          lastError: entry.lastError ?? null,
          lastAttemptAt: entry.lastAttemptAt ?? null,
          completedAt: entry.completedAt ?? null,
          nextAttemptAt: entry.nextAttemptAt ?? entry.createdAt,
          leaseUntil: entry.leaseUntil ?? null,
          createdAt: entry.createdAt,
        },
      }),
    );
    if (entry.attemptedAt) {
      const statusCode = entry.status === "success" ? 200 : (entry.lastStatusCode ?? 500);
      await db.webhookAttempt.create({
        data: { organizationId, endpointId, deliveryId: rows.at(-1)!.id, number: 1, trigger: "scheduled", startedAt: entry.attemptedAt, durationMs: 5, statusCode },
      });
    }
  }
  return rows;
}
