// Transactional outbox: the event rows are written in the caller's transaction, so a committed change
// always has its events and a rolled back one never does. Their deliveries are written there too when
// they are few; otherwise the delivery worker creates them in bounded batches (fan-out.ts). Each body
// is serialized once here; every attempt sends these bytes. The reads (plans, endpoints) come first
// and the writes are one statement, which a producer may also make part of its own (`eventWrites`):
// on the embedded database a transaction holds the only connection between its statements.
import { Prisma, type DbClient, type Tx } from "@/server/db";
import { newId } from "@/server/lib/ids";
import { plansGranting } from "@/server/auth/plans";
import { DELIVERY_CHANNEL, type NewEvent } from "@/server/webhooks/events";
import { INLINE_FAN_OUT_ROWS } from "@/server/webhooks/fan-out";

export type { NewEvent };

/**
 * Wakes every delivery worker and events stream (on PostgreSQL, every instance's) once `tx` commits:
 * PostgreSQL delivers a NOTIFY on commit only, so nothing wakes for rolled back work.
 */
export async function wakeDeliveryWorkers(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`;
}

interface FanOutEvent {
  id: string;
  type: string;
  createdAt: Date;
}

interface FanOutEndpoint {
  id: string;
  eventTypes: string[];
  createdAt: Date;
}

/**
 * One pending delivery per event and endpoint that existed at the event's time and is subscribed to
 * its type, queued at `queuedAt` (the fan-out's time: contract 2.6's createdAt). The worker's batches
 * make the same rows in SQL (fan-out.ts).
 */
function deliveryRows(organizationId: string, events: readonly FanOutEvent[], endpoints: readonly FanOutEndpoint[], queuedAt: Date) {
  return events.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.createdAt <= event.createdAt && endpoint.eventTypes.includes(event.type))
      .map((endpoint) => ({
        id: newId("dlv"),
        organizationId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        createdAt: queuedAt,
        nextAttemptAt: queuedAt,
      })),
  );
}

/** The rows that queue some events, in their order, with the deliveries written beside them. */
export interface PlannedEvents {
  events: { id: string; organizationId: string; type: string; payload: string; createdAt: Date; fannedOutAt: Date | null }[];
  deliveries: ReturnType<typeof deliveryRows>;
}

/**
 * The rows for `events`, read from a constant number of queries whatever their count. Their
 * deliveries are planned here when they number at most INLINE_FAN_OUT_ROWS, else left to the worker's
 * fan-out batches.
 */
export async function planEvents(db: DbClient, events: readonly NewEvent[]): Promise<PlannedEvents> {
  if (!events.length) return { events: [], deliveries: [] };
  const createdAt = new Date();
  // An organization whose plan lacks custom integrations has its webhooks paused: its new events are
  // born fanned out, to no endpoint, so an upgrade later does not send what happened meanwhile.
  const organizationIds = [...new Set(events.map((event) => event.organizationId))];
  const paying = await db.organization.findMany({
    where: { id: { in: organizationIds }, plan: { in: plansGranting("customIntegrations") } },
    select: { id: true },
  });
  const payingIds = new Set(paying.map((organization) => organization.id));
  const endpoints = payingIds.size
    ? await db.webhookEndpoint.findMany({
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
  if (!isInline) return { events: rows, deliveries: [] };
  return {
    events: rows.map((event) => ({ ...event, fannedOutAt: createdAt })),
    deliveries: rows.flatMap((event) => deliveryRows(event.organizationId, [event], subscribed(event), createdAt)),
  };
}

/**
 * Common table expressions that write planned events within a larger statement: those whose
 * position in `planned.events` the subquery `kept` selects (all when it is absent; a producer passes
 * the positions of the rows it did write), their deliveries, and "wokenWorkers", the workers'
 * wake-up once the statement's transaction commits, which the statement must read (it is a SELECT).
 */
export function eventWrites(planned: PlannedEvents, kept?: Prisma.Sql): Prisma.Sql {
  const events = JSON.stringify(planned.events.map((event, position) => ({ position, ...event })));
  return Prisma.sql`"plannedEvent" AS (
      SELECT v.* FROM jsonb_to_recordset(${events}::jsonb)
        AS v("position" int, "id" text, "organizationId" text, "type" text, "payload" text, "createdAt" timestamp(3), "fannedOutAt" timestamp(3))
      ${kept ? Prisma.sql`WHERE v."position" IN (${kept})` : Prisma.empty}
    ),
    "writtenEvent" AS (
      INSERT INTO "WebhookEvent" ("id", "organizationId", "type", "payload", "createdAt", "fannedOutAt")
      SELECT "id", "organizationId", "type", "payload", "createdAt", "fannedOutAt" FROM "plannedEvent" ORDER BY "position"
      RETURNING "id"
    ),
    "writtenDelivery" AS (
      INSERT INTO "WebhookDelivery" ("id", "organizationId", "endpointId", "eventId", "eventType", "createdAt", "nextAttemptAt")
      SELECT d.* FROM jsonb_to_recordset(${JSON.stringify(planned.deliveries)}::jsonb)
        AS d("id" text, "organizationId" text, "endpointId" text, "eventId" text, "eventType" text, "createdAt" timestamp(3), "nextAttemptAt" timestamp(3))
      WHERE d."eventId" IN (SELECT "id" FROM "writtenEvent")
    ),
    "wokenWorkers" AS (SELECT pg_notify(${DELIVERY_CHANNEL}, '') FROM (SELECT 1 FROM "writtenEvent" LIMIT 1) AS "anyEvent")`;
}

/**
 * Queues many events with a constant number of queries, whatever their count: the reads of
 * `planEvents`, then one statement writing the events, their inline deliveries and the wake-up.
 */
export async function enqueueEvents(tx: Tx, events: readonly NewEvent[]): Promise<{ eventId: string }[]> {
  if (!events.length) return [];
  const planned = await planEvents(tx, events);
  await tx.$queryRaw`WITH ${eventWrites(planned)} SELECT (SELECT count(*) FROM "wokenWorkers")::int AS "woken"`;
  return planned.events.map((event) => ({ eventId: event.id }));
}

export async function enqueueEvent(tx: Tx, event: NewEvent): Promise<{ eventId: string }> {
  const [enqueued] = await enqueueEvents(tx, [event]);
  return enqueued!;
}
