// Transactional outbox: the event row and one pending delivery per subscribed active endpoint are
// written in the caller's transaction, so a committed change always has its deliveries and a rolled
// back one never does. The body is serialized once here; every attempt sends these bytes.
import type { Tx } from "@/server/db";
import { newId } from "@/server/lib/ids";
import { DELIVERY_CHANNEL, type EventType } from "@/server/webhooks/events";

export interface EnqueuedEvent {
  eventId: string;
  deliveryIds: string[];
}

export async function enqueueEvent(
  tx: Tx,
  event: { organizationId: string; type: EventType; data: Record<string, unknown> },
): Promise<EnqueuedEvent> {
  const eventId = newId("evt");
  const createdAt = new Date();
  const payload = JSON.stringify({ id: eventId, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
  await tx.webhookEvent.create({ data: { id: eventId, organizationId: event.organizationId, type: event.type, payload, createdAt } });
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { organizationId: event.organizationId, isActive: true, eventTypes: { has: event.type } },
    select: { id: true },
  });
  const deliveries = endpoints.map((endpoint) => ({
    id: newId("dlv"),
    organizationId: event.organizationId,
    endpointId: endpoint.id,
    eventId,
    eventType: event.type,
    createdAt,
    nextAttemptAt: createdAt,
  }));
  if (deliveries.length) {
    await tx.webhookDelivery.createMany({ data: deliveries });
    // Delivered by PostgreSQL on commit only: workers wake for committed deliveries, never for rolled back ones.
    await tx.$executeRawUnsafe(`SELECT pg_notify('${DELIVERY_CHANNEL}', '')`);
  }
  return { eventId, deliveryIds: deliveries.map((delivery) => delivery.id) };
}
