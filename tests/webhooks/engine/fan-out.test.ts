// The fan-out (fan-out.ts): a request writes its few deliveries itself; a large fan-out is left to the
// worker, which creates the deliveries in bounded batches, each exactly once, to the endpoints that
// existed at the event's time, with organizations taking turns. Events come through the real sync route.
import { beforeAll, describe, expect, it } from "vitest";
import { signUpOrganization, type SignedInUser } from "../../harness/factories";
import { insertEndpoint } from "../../harness/webhook-endpoints";
import { drainUntilSettled, getDb, sleep, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers, type Receiver } from "../../harness/receiver";
import type { Db } from "@/server/db";
import { newId } from "@/server/lib/ids";
import { enqueueEvents } from "@/server/webhooks/enqueue";
import { FAN_OUT_BATCH_ROWS, fanOutAll, fanOutEvents, INLINE_FAN_OUT_ROWS } from "@/server/webhooks/fan-out";

beforeAll(() => useEngineEnvironment());

const startReceiver = useReceivers();

async function sync(owner: SignedInUser, count: number, prefix: string) {
  const entries = Array.from({ length: count }, (_, index) => ({
    clientSessionId: `${prefix}-${index}`,
    startedAt: "2026-03-02T09:00:00.000Z",
    endedAt: "2026-03-02T10:00:00.000Z",
    durationSeconds: 3600,
  }));
  const response = await owner.client.post("/api/app/time-logs/sync", { entries });
  expect(response.status, response.text).toBe(200);
  expect(response.body.data.committed).toHaveLength(count);
}

async function organizationWithEndpoints(endpoints: number) {
  const owner = await signUpOrganization({ plan: "pro" });
  for (let index = 0; index < endpoints; index += 1) {
    await insertEndpoint(owner.organizationId, { url: `https://hook-${index}.example.com/orbit` });
  }
  return owner;
}

/** Deliveries of the organization, and how many distinct (event, endpoint) pairs they cover. */
async function deliveryPairs(db: Db, organizationId: string) {
  const [row] = await db.$queryRaw<{ rows: number; pairs: number }[]>`
    SELECT count(*)::int AS "rows", count(DISTINCT ("eventId", "endpointId"))::int AS "pairs"
    FROM "WebhookDelivery" WHERE "organizationId" = ${organizationId}`;
  return row!;
}

const pendingEvents = (db: Db, organizationId: string) => db.webhookEvent.count({ where: { organizationId, fannedOutAt: null } });

/** A pro organization with two endpoints on receivers of their own, after a 51-entry sync. */
async function organizationSyncingToTwoReceivers(prefix: string) {
  const owner = await signUpOrganization({ plan: "pro" });
  const receivers = [await startReceiver(), await startReceiver()];
  for (const receiver of receivers) await insertEndpoint(owner.organizationId, { url: receiver.url() });
  await sync(owner, 51, prefix);
  return { owner, receivers };
}

/**
 * Each receiver got every event of the organization, and each of its 102 deliveries (51 events, two
 * endpoints) exists once and succeeded. Delivery is at least once (an attempt that timed out on a
 * busy machine is sent again), so the receivers' sets of event ids are compared.
 */
async function expectEveryEventDelivered(db: Db, organizationId: string, receivers: Receiver[]) {
  const events = await db.webhookEvent.findMany({ where: { organizationId }, select: { id: true } });
  for (const receiver of receivers) {
    expect(new Set(receiver.requests.map((request) => request.headers["x-service-event-id"]))).toEqual(new Set(events.map((event) => event.id)));
  }
  expect(await deliveryPairs(db, organizationId)).toEqual({ rows: 102, pairs: 102 });
  expect(await db.webhookDelivery.count({ where: { organizationId, status: "success" } })).toBe(102);
}

/**
 * Makes the next fan-out batch of the organization fail at its end, once its deliveries were inserted
 * and its events marked: a row trigger after the deliveries' insert runs when the statement's work is
 * done, and raising there undoes the whole statement. Resolves to the function that removes it.
 */
async function failingBatchEnd(db: Db, organizationId: string): Promise<() => Promise<void>> {
  const name = `fail_fan_out_${organizationId.replace(/\W/g, "")}`;
  await db.$executeRawUnsafe(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'connection lost'; END $$`);
  await db.$executeRawUnsafe(
    `CREATE TRIGGER ${name} AFTER INSERT ON "WebhookDelivery" FOR EACH ROW WHEN (NEW."organizationId" = '${organizationId}') EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON "WebhookDelivery"`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  };
}

describe("fan-out", () => {
  it("a request whose deliveries are few writes them itself: they exist when it answers", async () => {
    const owner = await signUpOrganization({ plan: "pro" });
    await insertEndpoint(owner.organizationId, { url: "https://one.example.com/orbit" });
    await insertEndpoint(owner.organizationId, { url: "https://two.example.com/orbit" });
    await insertEndpoint(owner.organizationId, { url: "https://off.example.com/orbit", isActive: false });
    await insertEndpoint(owner.organizationId, { url: "https://invoices.example.com/orbit", eventTypes: ["invoice.created"] });
    const db = await getDb();
    // Two subscribed active endpoints: 50 entries make exactly INLINE_FAN_OUT_ROWS deliveries.
    await sync(owner, INLINE_FAN_OUT_ROWS / 2, "inline");
    expect(await pendingEvents(db, owner.organizationId)).toBe(0);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: INLINE_FAN_OUT_ROWS, pairs: INLINE_FAN_OUT_ROWS });
    // One more entry than that is left to the worker whole.
    await sync(owner, INLINE_FAN_OUT_ROWS / 2 + 1, "deferred");
    expect(await pendingEvents(db, owner.organizationId)).toBe(INLINE_FAN_OUT_ROWS / 2 + 1);
    expect((await deliveryPairs(db, owner.organizationId)).rows).toBe(INLINE_FAN_OUT_ROWS);
    await fanOutAll(db);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 2 * INLINE_FAN_OUT_ROWS + 2, pairs: 2 * INLINE_FAN_OUT_ROWS + 2 });
  });

  it("a 500-entry sync to 20 endpoints writes no delivery in the request; the batches then create all 10,000 once", async () => {
    const owner = await organizationWithEndpoints(20);
    const db = await getDb();
    await sync(owner, 500, "burst");
    expect(await db.webhookEvent.count({ where: { organizationId: owner.organizationId } })).toBe(500);
    expect(await pendingEvents(db, owner.organizationId)).toBe(500);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 0, pairs: 0 });

    const batches = await fanOutAll(db);
    expect(batches.length).toBe(10_000 / FAN_OUT_BATCH_ROWS);
    for (const batch of batches) {
      expect(batch.organizationId).toBe(owner.organizationId);
      expect(batch.deliveries).toBeLessThanOrEqual(FAN_OUT_BATCH_ROWS);
    }
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 10_000, pairs: 10_000 });
    expect(await pendingEvents(db, owner.organizationId)).toBe(0);
    // Every event went to every endpoint; another pass finds nothing to do.
    const perEvent = await db.webhookDelivery.groupBy({ by: ["eventId"], where: { organizationId: owner.organizationId }, _count: { _all: true } });
    expect(perEvent).toHaveLength(500);
    expect(new Set(perEvent.map((group) => group._count._all))).toEqual(new Set([20]));
    expect(await fanOutAll(db)).toEqual([]);
    expect((await deliveryPairs(db, owner.organizationId)).rows).toBe(10_000);
  }, 240_000);

  it("the delivery drain fans out and sends: each endpoint receives each event", async () => {
    // Two endpoints: 51 entries are one delivery over what a request writes itself.
    const { owner, receivers } = await organizationSyncingToTwoReceivers("drained");
    const db = await getDb();
    expect((await deliveryPairs(db, owner.organizationId)).rows).toBe(0);

    await drainUntilSettled(db, { organizationId: owner.organizationId }, { timeoutMs: 15_000 });
    await expectEveryEventDelivered(db, owner.organizationId, receivers);
  }, 120_000);

  it("the drain's smaller batches (the embedded database's) create and send each delivery once", async () => {
    const { owner, receivers } = await organizationSyncingToTwoReceivers("small-batches");
    const db = await getDb();
    // Two endpoints: 5 events a batch, so 11 batches, the last one short.
    expect(await fanOutEvents(db, { batchRows: 10 })).toMatchObject({ organizationId: owner.organizationId, deliveries: 10 });
    expect(await pendingEvents(db, owner.organizationId)).toBe(46);

    await drainUntilSettled(db, { organizationId: owner.organizationId }, { timeoutMs: 15_000, fanOutBatchRows: 10 });
    expect(await pendingEvents(db, owner.organizationId)).toBe(0);
    await expectEveryEventDelivered(db, owner.organizationId, receivers);
  }, 120_000);

  it("a batch's deliveries are created at its time, with ids of newId's shape in their events' and endpoints' order", async () => {
    const owner = await organizationWithEndpoints(3);
    const db = await getDb();
    await sync(owner, 40, "stamped");
    const before = newId("dlv");
    const now = new Date(Date.now() + 60_000);
    // 3 endpoints, 10 rows: 3 events.
    const batch = await fanOutEvents(db, { now, batchRows: 10 });
    expect(batch).toMatchObject({ organizationId: owner.organizationId, deliveries: 9 });
    const after = newId("dlv");
    const deliveries = await db.webhookDelivery.findMany({
      where: { organizationId: owner.organizationId },
      select: { id: true, eventId: true, endpointId: true, createdAt: true, nextAttemptAt: true },
      orderBy: { id: "asc" },
    });
    expect(deliveries).toHaveLength(9);
    for (const delivery of deliveries) {
      expect(delivery.id).toMatch(/^dlv_[0-9a-f]{32}$/);
      expect([delivery.createdAt, delivery.nextAttemptAt]).toEqual([now, now]);
    }
    // The batch's events are its oldest, in their order; each one's deliveries sort by endpoint.
    const byPosition = [...deliveries].sort((a, b) => batch!.eventIds.indexOf(a.eventId) - batch!.eventIds.indexOf(b.eventId) || a.endpointId.localeCompare(b.endpointId));
    expect(deliveries).toEqual(byPosition);
    expect(new Set(deliveries.map((delivery) => delivery.eventId))).toEqual(new Set(batch!.eventIds));
    const oldest = await db.webhookEvent.findMany({ where: { organizationId: owner.organizationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 3, select: { id: true } });
    expect(batch!.eventIds).toEqual(oldest.map((event) => event.id));
    // Ids made in the process before and after the batch sort around its ids.
    expect([before, ...deliveries.map((delivery) => delivery.id), after]).toEqual([before, ...deliveries.map((delivery) => delivery.id), after].sort());
  });

  it("an endpoint created after an event does not receive it, and receives the events after it", async () => {
    const owner = await signUpOrganization({ plan: "pro" });
    const first = await insertEndpoint(owner.organizationId, { url: "https://first.example.com/orbit", eventTypes: ["time_log.created", "invoice.created"] });
    const db = await getDb();
    // More events than a request fans out itself: they wait for the worker.
    const invoiceEvent = { organizationId: owner.organizationId, type: "invoice.created" as const, data: { invoice: exampleInvoice, organizationId: owner.organizationId } };
    const early = await db.$transaction((tx) => enqueueEvents(tx, Array.from({ length: INLINE_FAN_OUT_ROWS + 1 }, () => invoiceEvent)));
    const { createdAt } = await db.webhookEvent.findUniqueOrThrow({ where: { id: early[0]!.eventId } });
    expect(await pendingEvents(db, owner.organizationId)).toBe(INLINE_FAN_OUT_ROWS + 1);
    // Endpoints are compared by their createdAt, in milliseconds: the late one is made in a later one.
    while (Date.now() <= createdAt.getTime()) await sleep(1);
    const late = await insertEndpoint(owner.organizationId, { url: "https://late.example.com/orbit", eventTypes: ["invoice.created"] });
    await fanOutAll(db);
    const earlyDeliveries = await db.webhookDelivery.findMany({ where: { eventId: { in: early.map((event) => event.eventId) } }, select: { endpointId: true } });
    expect(earlyDeliveries).toHaveLength(INLINE_FAN_OUT_ROWS + 1);
    expect(new Set(earlyDeliveries.map((delivery) => delivery.endpointId))).toEqual(new Set([first.id]));

    await sync(owner, 1, "after");
    const [next] = await db.$transaction((tx) => enqueueEvents(tx, [invoiceEvent]));
    expect((await db.webhookDelivery.findMany({ where: { eventId: next!.eventId } })).map((delivery) => delivery.endpointId).sort()).toEqual([first.id, late.id].sort());
    // The late endpoint has the invoice after it only; the time log went to the one endpoint subscribed to it.
    expect(await db.webhookDelivery.count({ where: { endpointId: late.id } })).toBe(1);
    expect((await db.webhookDelivery.findMany({ where: { organizationId: owner.organizationId, eventType: "time_log.created" } })).map((delivery) => delivery.endpointId)).toEqual([first.id]);
  });

  it("a batch cut off after inserting its deliveries and marking its events leaves nothing, and the next passes create each one once", async () => {
    const owner = await organizationWithEndpoints(20);
    const db = await getDb();
    await sync(owner, 30, "crash");
    // 20 endpoints: 25 events a batch.
    expect(await fanOutEvents(db)).toMatchObject({ organizationId: owner.organizationId, deliveries: 500 });
    const restore = await failingBatchEnd(db, owner.organizationId);
    try {
      await expect(fanOutEvents(db)).rejects.toThrow("connection lost");
    } finally {
      await restore();
    }
    // Nothing of the cut-off batch stayed: its 5 events still wait, with no delivery.
    expect(await pendingEvents(db, owner.organizationId)).toBe(5);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 500, pairs: 500 });

    await fanOutAll(db);
    expect(await pendingEvents(db, owner.organizationId)).toBe(0);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 600, pairs: 600 });

    // Even an event fanned out twice (its mark lost after its deliveries committed) is not doubled.
    await db.webhookEvent.updateMany({ where: { organizationId: owner.organizationId }, data: { fannedOutAt: null } });
    const again = await fanOutAll(db);
    expect(again.reduce((sum, batch) => sum + batch.deliveries, 0)).toBe(0);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 600, pairs: 600 });
  }, 120_000);

  it("concurrent passes create each delivery once", async () => {
    const owner = await organizationWithEndpoints(20);
    const db = await getDb();
    await sync(owner, 100, "racing");
    await Promise.all([fanOutAll(db), fanOutAll(db), fanOutAll(db)]);
    await fanOutAll(db);
    expect(await deliveryPairs(db, owner.organizationId)).toEqual({ rows: 2_000, pairs: 2_000 });
  }, 120_000);

  it("organizations take turns: a burst does not hold back another organization's events", async () => {
    const burst = await organizationWithEndpoints(20);
    const quiet = await organizationWithEndpoints(1);
    const late = await organizationWithEndpoints(1);
    const db = await getDb();
    await sync(burst, 500, "burst");
    // Just over what a request fans out itself, so it waits for the worker too.
    await sync(quiet, INLINE_FAN_OUT_ROWS + 1, "quiet");

    const served: string[] = [];
    for (let index = 0; index < 3; index += 1) served.push((await fanOutEvents(db))!.organizationId);
    // Both are served within the first two batches, then the burst continues.
    expect(served.slice(0, 2).sort()).toEqual([burst.organizationId, quiet.organizationId].sort());
    expect(served[2]).toBe(burst.organizationId);
    expect(await pendingEvents(db, quiet.organizationId)).toBe(0);
    expect(await pendingEvents(db, burst.organizationId)).toBe(500 - 2 * (FAN_OUT_BATCH_ROWS / 20));

    // An organization whose events arrive mid-burst is served by the very next batch.
    await sync(late, INLINE_FAN_OUT_ROWS + 1, "late");
    expect((await fanOutEvents(db))!.organizationId).toBe(late.organizationId);
    expect(await db.webhookDelivery.count({ where: { organizationId: late.organizationId } })).toBe(INLINE_FAN_OUT_ROWS + 1);
    await fanOutAll(db);
    expect(await deliveryPairs(db, burst.organizationId)).toEqual({ rows: 10_000, pairs: 10_000 });
  }, 240_000);

  it("events of an organization whose plan has no webhooks are never fanned out, also after an upgrade", async () => {
    const owner = await organizationWithEndpoints(1);
    const setPlan = async (plan: "free" | "pro") => expect((await owner.client.put("/api/app/organization/plan", { plan })).status).toBe(200);
    await setPlan("free");
    await sync(owner, 2, "paused");
    const db = await getDb();
    expect(await pendingEvents(db, owner.organizationId)).toBe(0);
    await setPlan("pro");
    await fanOutAll(db);
    expect(await db.webhookDelivery.count({ where: { organizationId: owner.organizationId } })).toBe(0);
  });
});

const exampleInvoice = {
  id: "inv_1",
  number: "INV-0001",
  customerId: "cus_1",
  totalCents: 100,
  currency: "USD",
  status: "draft",
  periodStart: "2026-01-01T00:00:00.000Z",
  periodEnd: "2026-01-31T23:59:59.999Z",
};
