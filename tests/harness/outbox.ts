// Readers of the outbox (events and their deliveries) for the suites that check what a write emits.
import { expect } from "vitest";
import { getDb } from "@/server/db";
import { fanOutAll } from "@/server/webhooks/fan-out";

import { ISO_TIMESTAMP } from "./assertions";

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

/** The event's deliveries once fanned out (as the delivery worker does first). */
export async function deliveriesOf(eventId: string) {
  const db = await getDb();
  await fanOutAll(db);
  return db.webhookDelivery.findMany({ where: { eventId }, orderBy: { endpointId: "asc" } });
}

/** How many deliveries the organization's events have once fanned out. */
export async function deliveryCount(organizationId: string) {
  const db = await getDb();
  await fanOutAll(db);
  return db.webhookDelivery.count({ where: { organizationId } });
}
