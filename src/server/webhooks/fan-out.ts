// The fan-out: an event is written in its producer's transaction (the outbox, enqueue.ts). When its
// deliveries are few (at most INLINE_FAN_OUT_ROWS for the whole transaction, the everyday case) they
// are written there too, so they exist the moment the request answers; otherwise they are created
// afterwards by the delivery worker, a bounded batch at a time, so a request never writes thousands
// of rows (a 500-entry sync to 20 endpoints is 10,000).
// One batch is one statement (data-modifying CTEs), so no transaction stays open between round
// trips (on the embedded database one would hold its only connection while the main thread builds
// and sends the next statement): it locks some of one organization's oldest events still to fan out
// (FOR UPDATE SKIP LOCKED, so concurrent workers take different events), inserts their deliveries
// (ON CONFLICT DO NOTHING on the (endpoint, event) key) with ids made in SQL like newId's, marks the
// events fanned out and stamps the organization's turn. A statement that fails leaves nothing, and a
// later pass does it again: never lost, never doubled.
// An event goes to the endpoints that existed when it happened (created at or before the event's
// createdAt, both stamped by the application's clock) and are active and subscribed to its type
// when the batch runs, normally within a second. Organizations take turns, least recently served
// first (WebhookFanOutTurn), so one organization's burst never holds back another's events.
// A batch reads only the partial index of events still to fan out (WebhookEvent_to_fan_out_idx): one
// probe per organization with some, then that organization's oldest, so its cost does not grow with
// the backlog (a million waiting events) or with the history of events fanned out already.
import { Prisma, type Db } from "@/server/db";
import { newIdsInSql } from "@/server/lib/ids";
import { MAX_WEBHOOK_ENDPOINTS } from "@/lib/limits";

/** Delivery rows one batch creates at most (an organization has at most MAX_WEBHOOK_ENDPOINTS endpoints). */
export const FAN_OUT_BATCH_ROWS = 500;
/**
 * The batch on the embedded database, whose one connection a batch's statement holds while it runs,
 * and every other organization's statement that arrives meanwhile waits for it. Since a batch is one
 * statement the main thread no longer holds it between statements, but 500-row batches still left
 * another organization's requests a p99 about 1.7 times that of 100-row ones (docs/benchmarks.md).
 */
export const EMBEDDED_FAN_OUT_BATCH_ROWS = 100;
/** Delivery rows a producer's transaction writes itself at most; beyond, the worker's batches do. */
export const INLINE_FAN_OUT_ROWS = 100;
/** While its batches find nothing, a drain looks for new events this often (a notification also starts a drain). */
export const FAN_OUT_POLL_MS = 1_000;

export interface FanOutBatch {
  organizationId: string;
  /** Events marked fanned out by this batch. */
  eventIds: string[];
  /** Deliveries this batch created. */
  deliveries: number;
}

/**
 * Fans out one batch of the least recently served organization's oldest events still to fan out.
 * Returns null when no event waits (or every waiting one is being fanned out by another worker).
 */
export async function fanOutEvents(db: Db, options: { now?: Date; batchRows?: number } = {}): Promise<FanOutBatch | null> {
  const now = (options.now ?? new Date()).toISOString();
  const batchRows = options.batchRows ?? FAN_OUT_BATCH_ROWS;
  // An index probe first: the drains look for new events often, and it costs far less to plan than the batch.
  // In the partial index's order, so that it is read even when most of the table is still to fan out.
  const [waiting] = await db.$queryRaw<unknown[]>`SELECT "organizationId" FROM "WebhookEvent" WHERE "fannedOutAt" IS NULL ORDER BY "organizationId" LIMIT 1`;
  if (!waiting) return null;
  const [batch] = await db.$queryRaw<FanOutBatch[]>(fanOutStatement(now, batchRows));
  return batch ?? null;
}

/** One fan-out batch as one statement (see the file header); `now` as an ISO instant. */
export function fanOutStatement(now: string, batchRows: number): Prisma.Sql {
  // With fewer endpoints than batchRows the rows stay within it; with more, one event's are the batch.
  const deliveryId = newIdsInSql("dlv", Math.max(batchRows, MAX_WEBHOOK_ENDPOINTS));
  // Every CTE sees the statement's one snapshot; the events' locks are held until it ends. As many
  // events are taken as fit the batch if each went to every active endpoint.
  return Prisma.sql`
    WITH RECURSIVE "waiting" AS (
      -- The organizations with events to fan out, one index probe each (a skip scan of the partial
      -- index of such events): a DISTINCT would read every waiting event, the whole backlog, per batch.
      (SELECT v."organizationId" FROM "WebhookEvent" v WHERE v."fannedOutAt" IS NULL ORDER BY v."organizationId" LIMIT 1)
      UNION ALL
      SELECT (SELECT v."organizationId" FROM "WebhookEvent" v
              WHERE v."fannedOutAt" IS NULL AND v."organizationId" > w."organizationId"
              ORDER BY v."organizationId" LIMIT 1)
      FROM "waiting" w WHERE w."organizationId" IS NOT NULL
    ),
    "turn" AS (
      SELECT w."organizationId"
      FROM "waiting" w
      LEFT JOIN "WebhookFanOutTurn" t ON t."organizationId" = w."organizationId"
      WHERE w."organizationId" IS NOT NULL
      ORDER BY t."servedAt" ASC NULLS FIRST, w."organizationId"
      LIMIT 1
    ),
    "endpoint" AS (
      SELECT e."id", e."eventTypes", e."createdAt" FROM "WebhookEndpoint" e
      WHERE e."organizationId" = (SELECT "organizationId" FROM "turn") AND e."isActive"
    ),
    "event" AS (
      -- The organization as a range of one and the order as the partial index's own: with an equality
      -- the planner may walk the createdAt index instead and step over the organization's whole
      -- history of events fanned out already; this order only the partial index gives without a sort.
      SELECT v."id", v."type", v."createdAt" FROM "WebhookEvent" v
      WHERE v."fannedOutAt" IS NULL
        AND v."organizationId" >= (SELECT "organizationId" FROM "turn") AND v."organizationId" <= (SELECT "organizationId" FROM "turn")
      ORDER BY v."organizationId", v."createdAt", v."id"
      LIMIT (SELECT greatest(1, ${batchRows}::int / greatest(1, count(*)::int)) FROM "endpoint")
      FOR UPDATE SKIP LOCKED
    ),
    "planned" AS (
      SELECT v."id" AS "eventId", v."type", e."id" AS "endpointId",
        row_number() OVER (ORDER BY v."createdAt", v."id", e."id") - 1 AS "position"
      FROM "event" v JOIN "endpoint" e ON e."createdAt" <= v."createdAt" AND v."type" = ANY(e."eventTypes")
    ),
    "created" AS (
      INSERT INTO "WebhookDelivery" ("id", "organizationId", "endpointId", "eventId", "eventType", "createdAt", "nextAttemptAt")
      SELECT ${deliveryId(Prisma.sql`p."position"`)}, t."organizationId", p."endpointId", p."eventId", p."type", ${now}::timestamp(3), ${now}::timestamp(3)
      FROM "planned" p CROSS JOIN "turn" t
      ORDER BY p."position"
      ON CONFLICT ("endpointId", "eventId") DO NOTHING
      RETURNING 1
    ),
    "marked" AS (
      -- By primary key from an array: joined to "event" instead, whose size the planner cannot tell,
      -- it would hash the whole event table.
      UPDATE "WebhookEvent" v SET "fannedOutAt" = ${now}::timestamp(3)
      WHERE v."id" = ANY(ARRAY(SELECT e."id" FROM "event" e))
      RETURNING v."id", v."createdAt"
    ),
    "served" AS (
      INSERT INTO "WebhookFanOutTurn" ("organizationId", "servedAt")
      SELECT "organizationId", ${now}::timestamp(3) FROM "turn"
      ON CONFLICT ("organizationId") DO UPDATE SET "servedAt" = EXCLUDED."servedAt"
      RETURNING "organizationId"
    )
    SELECT s."organizationId",
      (SELECT coalesce(array_agg(m."id" ORDER BY m."createdAt", m."id"), '{}') FROM "marked" m) AS "eventIds",
      (SELECT count(*) FROM "created")::int AS "deliveries"
    FROM "served" s`;
}

/** Runs fan-out batches until none is left or `maxBatches` ran; resolves to the batches. */
export async function fanOutAll(db: Db, options: { now?: Date; batchRows?: number; maxBatches?: number } = {}): Promise<FanOutBatch[]> {
  const batches: FanOutBatch[] = [];
  for (let index = 0; index < (options.maxBatches ?? 1_000); index += 1) {
    const batch = await fanOutEvents(db, options);
    // Nothing waits, or what waits is being fanned out by another worker.
    if (!batch?.eventIds.length) break;
    batches.push(batch);
  }
  return batches;
}
