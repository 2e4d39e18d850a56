// Several workers at once, and a worker that dies mid-attempt (app-api section 5: claims with FOR
// UPDATE SKIP LOCKED and a lease; at-least-once, never lost, never recorded twice).
import { describe, expect, it } from "vitest";
import { claimDueDeliveries, drainDueDeliveries, type DrainCounts } from "@/server/webhooks/deliver";
import { recordOutcomes } from "@/server/webhooks/record";
import { nextDeliveryState } from "@/server/webhooks/state";
import { createEndpoint, createOrganization, emit, testClock, useEngineDatabase, useSecondWorkerDb } from "../../harness/webhook-engine";
import { useReceivers } from "../../harness/receiver";

const receiver = useReceivers();
const { database, db } = await useEngineDatabase();
/** A second worker's client. */
const otherDb = useSecondWorkerDb(database);

const sum = (a: DrainCounts, b: DrainCounts): DrainCounts => ({ claimed: a.claimed + b.claimed, succeeded: a.succeeded + b.succeeded, retried: a.retried + b.retried, failed: a.failed + b.failed });

describe("concurrent workers", () => {
  it("two drains at once send each delivery exactly once", async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: Math.floor(Math.random() * 5) }));
    const organizationId = await createOrganization(db);
    // A rate above the burst, so that no delivery waits for a token: a drain that finds nothing due
    // ends, and a refill after both ended would leave deliveries for the next drain.
    await createEndpoint(db, organizationId, hook.url("/a"), { maxRequestsPerSecond: 1000 });
    await createEndpoint(db, organizationId, hook.url("/b"), { maxRequestsPerSecond: 1000 });
    const expected: string[] = [];
    for (let index = 0; index < 60; index += 1) expected.push(...(await emit(db, organizationId)).deliveryIds);

    // Bounds wide enough for both workers to hold slots of this one organization at once (fairness.test.ts covers the bounds).
    const limits = { endpointMaxInFlight: 16, organizationMaxInFlight: 32 };
    const [first, second] = await Promise.all([drainDueDeliveries(db, { concurrency: 8, limits }), drainDueDeliveries(otherDb, { concurrency: 8, limits })]);
    const sentIds = hook.requests.map((request) => request.headers["x-service-delivery-id"] as string);
    expect(sentIds).toHaveLength(120);
    expect(new Set(sentIds).size).toBe(120);
    expect(sentIds.sort()).toEqual(expected.sort());
    expect(sum(first, second)).toEqual({ claimed: 120, succeeded: 120, retried: 0, failed: 0 });
    if (database.kind === "postgres") {
      // Real concurrency: both workers got a share.
      expect(first.claimed).toBeGreaterThan(0);
      expect(second.claimed).toBeGreaterThan(0);
    }
    expect(await db.webhookDelivery.count({ where: { organizationId, status: "success", attempts: 1 } })).toBe(120);
    // 60 producer transactions and 120 sends: room for a slow shared machine (a timeout here would leave
    // its deliveries to the next tests).
  }, 120_000);

  it("keeps at most `concurrency` attempts in flight", async () => {
    // The first four are held until all four have arrived, so the drain must have had them in flight
    // together (whatever the machine's load), and a fifth would arrive while they wait.
    let releaseFirstFour!: () => void;
    const firstFourIn = new Promise<void>((resolve) => (releaseFirstFour = resolve));
    const hook = await receiver(async (_request, index) => {
      if (index === 3) releaseFirstFour();
      if (index < 4) await Promise.race([firstFourIn, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      return { status: 200, delayMs: 30 };
    });
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    for (let index = 0; index < 20; index += 1) await emit(db, organizationId);
    expect(await drainDueDeliveries(db, { concurrency: 4 })).toMatchObject({ claimed: 20, succeeded: 20 });
    expect(hook.maxInFlight).toBe(4);
  });

  it("stops claiming when its time budget is spent and leaves no lease behind", async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: 150 }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    for (let index = 0; index < 12; index += 1) await emit(db, organizationId);
    const counts = await drainDueDeliveries(db, { concurrency: 2, timeBudgetMs: 200 });
    expect(counts.claimed).toBeGreaterThanOrEqual(2);
    expect(counts.claimed).toBeLessThan(12);
    expect(counts.succeeded).toBe(counts.claimed);
    expect(await db.webhookDelivery.count({ where: { organizationId, status: "pending" } })).toBe(12 - counts.claimed);
    expect(await db.webhookDelivery.count({ where: { organizationId, leaseUntil: { not: null } } })).toBe(0);
  });
});

describe("a worker that dies mid-attempt", () => {
  it("loses nothing: the claim's lease runs out and another drain sends the delivery", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);

    // The dead worker claimed it and never recorded anything.
    const clock = testClock();
    const claimed = await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, now: clock.now() });
    expect(claimed.map((row) => row.deliveryId)).toEqual(deliveryIds);
    expect(claimed[0]).toMatchObject({ attempts: 0, eventType: "time_log.created", url: hook.url() });

    clock.advance(59_000);
    expect(await drainDueDeliveries(otherDb, { clock })).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    expect(hook.requests).toHaveLength(0);

    clock.advance(1_000);
    expect(await drainDueDeliveries(otherDb, { clock })).toEqual({ claimed: 1, succeeded: 1, retried: 0, failed: 0 });
    expect(hook.requests.map((request) => request.headers["x-service-delivery-id"])).toEqual(deliveryIds);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ status: "success", attempts: 1, leaseUntil: null });
  });

  it("a worker whose lease ran out before its answer came does not record it: the outcome is written once", async () => {
    // The first request hangs past the lease and then fails; the retry by the second worker succeeds.
    let answerLate!: () => void;
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const hook = await receiver(async (_request, index) => (index === 0 ? (await late, { status: 500, body: "late" }) : { status: 200 }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);

    // One slot: the stuck worker has no free slot to look for more work with, as a worker whose slots all hang.
    const clock = testClock();
    const slow = drainDueDeliveries(db, { clock, leaseMs: 60_000, timeoutMs: 10_000, concurrency: 1 });
    await hook.waitForRequests(1);
    clock.advance(60_000);
    const fast = await drainDueDeliveries(otherDb, { clock, leaseMs: 60_000, timeoutMs: 2_000 });
    expect(fast).toEqual({ claimed: 1, succeeded: 1, retried: 0, failed: 0 });
    // The late answer comes after the retry was recorded.
    answerLate();
    expect(await slow).toEqual({ claimed: 1, succeeded: 0, retried: 0, failed: 0 });

    expect(hook.requests).toHaveLength(2);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ status: "success", attempts: 1, lastStatusCode: 200, lastError: null });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ consecutiveFailures: 0, isActive: true });
  });
});

describe("grouped recording", () => {
  it("writes only the outcomes whose claim still holds, and resets each endpoint once", async () => {
    const organizationId = await createOrganization(db);
    const first = await createEndpoint(db, organizationId, "https://example.com/a", { consecutiveFailures: 4 });
    await createEndpoint(db, organizationId, "https://example.com/b", { consecutiveFailures: 2 });
    for (let index = 0; index < 3; index += 1) await emit(db, organizationId);
    const claimed = await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000 });
    expect(claimed).toHaveLength(6);
    // One claim was lost to another worker in the meantime.
    const [lost, ...held] = claimed;
    await db.webhookDelivery.update({ where: { id: lost!.deliveryId }, data: { leaseUntil: new Date(Date.now() + 120_000) } });

    const now = new Date();
    const items = claimed.map((row, index) => ({
      claimed: row,
      now,
      transition: nextDeliveryState(row, { statusCode: index % 2 ? 200 : 503, error: index % 2 ? null : "busy", attemptedAt: now }, { now, retryBaseSeconds: 60, random: () => 0.5 }),
    }));
    const recorded = await recordOutcomes(db, items);
    expect([...recorded].sort()).toEqual(held.map((row) => row.deliveryId).sort());
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: lost!.deliveryId } })).toMatchObject({ status: "pending", attempts: 0 });
    const rows = await db.webhookDelivery.findMany({ where: { id: { in: held.map((row) => row.deliveryId) } } });
    for (const row of rows) {
      const index = claimed.findIndex((item) => item.deliveryId === row.id);
      expect(row).toMatchObject(index % 2 ? { status: "success", attempts: 1, lastStatusCode: 200, leaseUntil: null } : { status: "pending", attempts: 1, lastStatusCode: 503, lastError: "busy", leaseUntil: null });
    }
    // An endpoint with a recorded success is back to 0; one whose only success was the lost claim keeps its count.
    const succeededAt = new Set(claimed.filter((row, index) => index % 2 && row !== lost).map((row) => row.endpointId));
    expect(succeededAt.size).toBeGreaterThan(0);
    for (const endpoint of await db.webhookEndpoint.findMany({ where: { organizationId } })) {
      expect(endpoint.consecutiveFailures).toBe(succeededAt.has(endpoint.id) ? 0 : endpoint.id === first.id ? 4 : 2);
      expect(endpoint.isActive).toBe(true);
    }

    const terminal = nextDeliveryState({ attempts: 4 }, { statusCode: 500, error: "x", attemptedAt: now }, { now, retryBaseSeconds: 60, random: () => 0.5 });
    await expect(recordOutcomes(db, [{ claimed: lost!, now, transition: terminal }])).rejects.toThrow(/no counter increments/);
  });
});
