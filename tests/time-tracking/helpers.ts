// Readers of the outbox for the time-tracking suites (rows they need come from tests/harness/factories).
import { expect } from "vitest";
import { getDb } from "@/server/db";

import { ISO_TIMESTAMP } from "../harness/assertions";

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
