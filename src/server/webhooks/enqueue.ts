// Transactional outbox: the event rows are written in the caller's transaction, so a committed change
// always has its events and a rolled back one never does. Their deliveries are written there too when
// they are few; otherwise the delivery worker creates them in bounded batches (fan-out.ts). Each body
// is serialized once here; every attempt sends these bytes.
import type { Tx } from "@/server/db";
import { newId } from "@/server/lib/ids";
import { plansGranting } from "@/server/auth/plans";
import { DELIVERY_CHANNEL, type NewEvent } from "@/server/webhooks/events";
import { deliveryRows, INLINE_FAN_OUT_ROWS } from "@/server/webhooks/fan-out";

export type { NewEvent };

/**
 * Wakes every delivery worker and events stream (on PostgreSQL, every instance's) once `tx` commits:
 * PostgreSQL delivers a NOTIFY on commit only, so nothing wakes for rolled back work.
 */
export async function wakeDeliveryWorkers(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`;
}

/**
 * Queues many events with a constant number of queries, whatever their count. Their deliveries are
 * written here when they number at most INLINE_FAN_OUT_ROWS, else by the worker's fan-out batches.
 */
export async function enqueueEvents(tx: Tx, events: readonly NewEvent[]): Promise<{ eventId: string }[]> {
  if (!events.length) return [];
  const createdAt = new Date();
  // An organization whose plan lacks custom integrations has its webhooks paused: its new events are
  // born fanned out, to no endpoint, so an upgrade later does not send what happened meanwhile.
  const organizationIds = [...new Set(events.map((event) => event.organizationId))];
  const paying = await tx.organization.findMany({
    where: { id: { in: organizationIds }, plan: { in: plansGranting("customIntegrations") } },
    select: { id: true },
  });
  const payingIds = new Set(paying.map((organization) => organization.id));
  const endpoints = payingIds.size
    ? await tx.webhookEndpoint.findMany({
        where: { organizationId: { in: [...payingIds] }, isActive: true, eventTypes: { hasSome: [...new Set(events.map((event) => event.type))] } },
        select: { id: true, organizationId: true, eventTypes: true, createdAt: true },
      })
    : [];
  const rows = events.map((event) => {
    const id = newId("evt");
    const payload = JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
    return { id, organizationId: event.organizationId, type: event.type, payload, createdAt, fannedOutAt: payingIds.has(event.organizationId) ? null : createdAt };
  });
  // Counted before any row is built: a large fan-out is left to the worker's batches.
  const subscribed = (event: { organizationId: string; type: string }) =>
    endpoints.filter((endpoint) => endpoint.organizationId === event.organizationId && endpoint.eventTypes.includes(event.type));
  const isInline = rows.reduce((sum, event) => sum + subscribed(event).length, 0) <= INLINE_FAN_OUT_ROWS;
  await tx.webhookEvent.createMany({ data: isInline ? rows.map((event) => ({ ...event, fannedOutAt: createdAt })) : rows });
  if (isInline) {
    const deliveries = rows.flatMap((event) => deliveryRows(event.organizationId, [event], subscribed(event), createdAt));
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
  }
  // Wakes the workers (deliveries to send, or events to fan out), and the events API's streams also when no endpoint is subscribed.
  await wakeDeliveryWorkers(tx);
  return rows.map((event) => ({ eventId: event.id }));
}

export async function enqueueEvent(tx: Tx, event: NewEvent): Promise<{ eventId: string }> {
  const [enqueued] = await enqueueEvents(tx, [event]);
  return enqueued!;
}
