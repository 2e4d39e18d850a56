// Rows the time-tracking suites need that have no route of their own here, written with Prisma, and
// readers of the outbox.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/server/db";
import type { Prisma } from "@/generated/prisma/client";

import { ISO_TIMESTAMP } from "../harness/assertions";

export { expectErrorEnvelope, ISO_TIMESTAMP as isoTimestamp } from "../harness/assertions";

export async function insertTask(organizationId: string, data: Partial<Prisma.TaskUncheckedCreateInput> = {}) {
  return (await getDb()).task.create({ data: { organizationId, title: "Design review", ...data } });
}

export async function createCustomer(organizationId: string, data: Partial<Prisma.CustomerUncheckedCreateInput> = {}) {
  return (await getDb()).customer.create({ data: { organizationId, name: "Globex", ...data } });
}

/** An endpoint of the organization, which is put on the plan that sends webhooks. */
export async function createEndpoint(organizationId: string, data: Partial<Prisma.WebhookEndpointUncheckedCreateInput> = {}) {
  await (await getDb()).organization.update({ where: { id: organizationId }, data: { plan: "pro" } });
  return (await getDb()).webhookEndpoint.create({
    data: {
      organizationId,
      url: "https://hooks.example.com/orbit",
      secret: `whsec_${randomBytes(32).toString("hex")}`,
      eventTypes: ["time_log.created", "invoice.created"],
      ...data,
    },
  });
}

export interface StoredEvent {
  id: string;
  type: string;
  createdAt: string;
  data: any;
}

/** The organization's events of a type, oldest first, each payload parsed and checked against its row. */
export async function eventsOf(organizationId: string, type: string): Promise<StoredEvent[]> {
  const rows = await (await getDb()).webhookEvent.findMany({ where: { organizationId, type }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => {
    const body = JSON.parse(row.payload);
    expect(Object.keys(body).sort()).toEqual(["createdAt", "data", "id", "type"]);
    expect(body.id).toBe(row.id);
    expect(body.type).toBe(type);
    expect(body.createdAt).toBe(row.createdAt.toISOString());
    expect(body.createdAt).toMatch(ISO_TIMESTAMP);
    return body;
  });
}

export async function deliveriesOf(eventId: string) {
  return (await getDb()).webhookDelivery.findMany({ where: { eventId }, orderBy: { endpointId: "asc" } });
}
