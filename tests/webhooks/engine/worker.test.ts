// The in-process worker (WEBHOOK_WORKER=inline): woken by NOTIFY when deliveries commit, polling as
// a fallback, one drain at a time, errors logged and survived.
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/env";
import type { Database } from "@/server/db";
import { getLogger } from "@/server/operations/logger";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { startDeliveryWorker, startInlineDeliveryWorker, type DeliveryWorker } from "@/server/webhooks/worker";
import { createEndpoint, createOrganization, emit, testClock, useEngineDatabase, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers } from "../../harness/receiver";

// After hooks run the last registered first: the mocks are restored once the workers have stopped.
afterEach(() => vi.restoreAllMocks());
const receiver = useReceivers();
const { database, db, afterThisTest } = await useEngineDatabase();

function track(worker: DeliveryWorker): DeliveryWorker {
  afterThisTest(() => worker());
  return worker;
}

describe(`delivery worker (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("sends a committed delivery at once on NOTIFY, without waiting for the polling interval", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    // A fallback interval far beyond the test's budget: only the notification can send it in time,
    // however slow the machine (the bound is a third of the interval, not a guess at the send's speed).
    const intervalMs = 600_000;
    const worker = track(startDeliveryWorker(database, { intervalMs }));
    await worker.ready;
    await worker.idle(); // the start-up drain is over

    const { deliveryIds } = await emit(db, organizationId);
    const committedAt = Date.now();
    await hook.waitForRequests(1, 20_000);
    expect(Date.now() - committedAt).toBeLessThan(intervalMs / 3);
    expect(hook.requests[0]!.headers["x-service-delivery-id"]).toBe(deliveryIds[0]);
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).status).toBe("success");
  });

  it("is not woken by a rolled-back transaction's notification", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    let notifications = 0;
    const counted: Database = { ...database, listen: (channel, onNotify) => database.listen(channel, (payload) => (notifications++, onNotify(payload))) };
    const worker = track(startDeliveryWorker(counted, { intervalMs: 60_000 }));
    await worker.ready;
    await worker.idle();
    // A row that is due but was written without NOTIFY: only a wake-up would send it.
    const { eventId } = await db.$transaction(async (tx) => {
      const event = await tx.webhookEvent.create({ data: { id: "evt_silent", organizationId, type: "time_log.created", payload: "{}", createdAt: new Date(), fannedOutAt: new Date() } });
      return { eventId: event.id };
    });
    const endpoint = await db.webhookEndpoint.findFirstOrThrow({ where: { organizationId } });
    await db.webhookDelivery.create({ data: { id: "dlv_silent", organizationId, endpointId: endpoint.id, eventId, eventType: "time_log.created" } });
    await expect(
      db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_notify('orbit_webhook_deliveries', '')`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(hook.requests).toHaveLength(0);

    // A committed notification after it: a listener gets notifications in commit order, so by the time
    // this one has woken the worker (and the row is sent), a delivered rolled-back one would have come first.
    await db.$executeRawUnsafe(`SELECT pg_notify('orbit_webhook_deliveries', '')`);
    await hook.waitForRequests(1, 20_000);
    await worker.idle();
    expect(notifications).toBe(1);
    expect(hook.requests).toHaveLength(1);
  });

  it("polls: a retry that comes due is sent on the next tick", async () => {
    const clock = testClock();
    const sentAt: Date[] = [];
    const hook = await receiver((_request, index) => (sentAt.push(clock.now()), index === 0 ? { status: 500 } : { status: 200 }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    track(startDeliveryWorker(database, { intervalMs: 100, clock, drain: { retryBaseSeconds: 60 } }));
    await hook.waitForRequests(1, 20_000);
    const recorded = () => db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    await expect.poll(async () => (await recorded()).attempts, { message: "the first attempt is recorded" }).toBe(1);
    const retrying = await recorded();
    // Due a minute (±20%) after the first attempt; the clock gets there without a notification.
    expect(retrying.nextAttemptAt.getTime() - retrying.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(48_000);
    expect(hook.requests).toHaveLength(1);
    clock.advance(retrying.nextAttemptAt.getTime() - clock.now().getTime());
    await hook.waitForRequests(2, 20_000);
    expect(sentAt[1]!.getTime()).toBeGreaterThanOrEqual(retrying.nextAttemptAt.getTime());
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).status).toBe("success");
  });

  it("never runs two drains at once in one process", async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: 40 }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    track(startDeliveryWorker(database, { intervalMs: 5, drain: { concurrency: 1 } }));
    for (let index = 0; index < 6; index += 1) await emit(db, organizationId);
    await hook.waitForRequests(6, 20_000);
    expect(hook.maxInFlight).toBe(1);
    expect(new Set(hook.requests.map((request) => request.headers["x-service-delivery-id"])).size).toBe(6);
  });

  it("logs a failed drain without secrets and keeps going", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url());
    const errors = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    let failuresLeft = 2;
    const flaky = new Proxy(db, {
      get(target, property) {
        if (property === "$transaction" && failuresLeft > 0) {
          failuresLeft -= 1;
          return () => Promise.reject(new Error("connection terminated unexpectedly"));
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await emit(db, organizationId);
    track(startDeliveryWorker({ ...database, prisma: flaky }, { intervalMs: 50 }));
    await hook.waitForRequests(1, 20_000);
    expect(errors).toHaveBeenCalledWith({ err: expect.objectContaining({ message: "connection terminated unexpectedly" }) }, "webhook worker: drain failed");
    for (const call of errors.mock.calls) expect(JSON.stringify(call)).not.toContain(endpoint.secret);
  });

  it("stops without claiming more: the attempt in flight is recorded, the rest stay queued", async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: 300 }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    for (let index = 0; index < 4; index += 1) await emit(db, organizationId);
    const worker = startDeliveryWorker(database, { intervalMs: 60_000, drain: { concurrency: 1 } });
    await hook.waitForRequests(1, 20_000);
    await worker();
    // The stop waited for the attempt in flight and claimed nothing more (counted, not timed).
    expect(hook.requests).toHaveLength(1);
    expect(await db.webhookDelivery.count({ where: { organizationId, status: "success" } })).toBe(1);
    expect(await db.webhookDelivery.count({ where: { organizationId, status: "pending", leaseUntil: null } })).toBe(3);
  });

  it("stops: nothing is sent after the stop function resolves", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const worker = startDeliveryWorker(database, { intervalMs: 20 });
    await worker.ready;
    await worker();
    const { deliveryIds } = await emit(db, organizationId);
    // The barrier: a drain of our own still finds the delivery pending and sends it, so the stopped
    // worker (woken by the event's NOTIFY and polling every 20 ms, were it running) never took it.
    expect(await drainDueDeliveries(db)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(hook.requests.map((request) => request.headers["x-service-delivery-id"])).toEqual(deliveryIds);
  });
});

describe("the server's inline worker", () => {
  it("does not start with WEBHOOK_WORKER=off", async () => {
    useEngineEnvironment({ WEBHOOK_WORKER: "off" });
    expect(await startInlineDeliveryWorker()).toBeUndefined();
  });

  it("is started once by the server's register() with WEBHOOK_WORKER=inline, and delivers", async () => {
    useEngineEnvironment({ WEBHOOK_WORKER: "inline" });
    process.env.NEXT_RUNTIME = "nodejs";
    afterThisTest(() => {
      delete process.env.NEXT_RUNTIME;
      useEngineEnvironment({ WEBHOOK_WORKER: "off" });
      resetEnvCache();
    });
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { register } = await import("@/instrumentation");
    await register();
    const worker = await startInlineDeliveryWorker();
    expect(worker).toBeDefined();
    afterThisTest(() => worker!());
    await register();
    expect(await startInlineDeliveryWorker()).toBe(worker);
    const { deliveryIds } = await emit(db, organizationId);
    await hook.waitForRequests(1, 20_000);
    // Recorded: no worker can take it again, so one request is all there will ever be.
    await expect.poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).status).toBe("success");
    expect(hook.requests).toHaveLength(1);
  });
});
