// Transactional outbox: the event rows and one pending delivery per subscribed active endpoint are
// written in the caller's transaction, so a committed change always has its deliveries and a rolled
// back one never does. Each body is serialized once here; every attempt sends these bytes.
import type { Tx } from "@/server/db";
import { newId } from "@/server/lib/ids";
import { plansGranting } from "@/server/auth/plans";
import { DELIVERY_CHANNEL, type NewEvent } from "@/server/webhooks/events";

export type { NewEvent };

/**
 * Wakes every delivery worker and events stream (on PostgreSQL, every instance's) once `tx` commits:
 * PostgreSQL delivers a NOTIFY on commit only, so nothing wakes for rolled back work.
 */
export async function wakeDeliveryWorkers(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`;
}

export interface EnqueuedEvent {
  eventId: string;
  deliveryIds: string[];
}

/** Queues many events with a constant number of queries, whatever their count. */
export async function enqueueEvents(tx: Tx, events: readonly NewEvent[]): Promise<EnqueuedEvent[]> {
  if (!events.length) return [];
  const createdAt = new Date();
  const rows = events.map((event) => {
    const id = newId("evt");
    const payload = JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
    return { id, organizationId: event.organizationId, type: event.type, payload, createdAt };
  });
  await tx.webhookEvent.createMany({ data: rows });

  const organizationIds = [...new Set(events.map((event) => event.organizationId))];
  // An organization whose plan lacks custom integrations has its webhooks paused: its new events reach no endpoint.
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      organizationId: { in: organizationIds },
      isActive: true,
      eventTypes: { hasSome: [...new Set(events.map((event) => event.type))] },
      organization: { plan: { in: plansGranting("customIntegrations") } },
    },
    select: { id: true, organizationId: true, eventTypes: true },
  });
  const deliveries = rows.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.organizationId === event.organizationId && endpoint.eventTypes.includes(event.type))
      .map((endpoint) => ({
        id: newId("dlv"),
        organizationId: event.organizationId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        createdAt,
        nextAttemptAt: createdAt,
      })),
  );
  if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
  // Also when no endpoint is subscribed: the events API's streams follow the same notification.
  await wakeDeliveryWorkers(tx);
  return rows.map((event) => ({
    eventId: event.id,
    deliveryIds: deliveries.filter((delivery) => delivery.eventId === event.id).map((delivery) => delivery.id),
  }));
}

export async function enqueueEvent(tx: Tx, event: NewEvent): Promise<EnqueuedEvent> {
  const [enqueued] = await enqueueEvents(tx, [event]);
  return enqueued!;
}
