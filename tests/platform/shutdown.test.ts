// SIGTERM mid-delivery: the worker stops claiming, the attempts in flight finish and are recorded,
// /api/ready turns 503 at once, the pool closes and the process exits 0. Nothing lost, nothing sent twice.
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/server/db";
import { getMetrics } from "@/server/operations/metrics";
import { createShutdown } from "@/server/operations/shutdown";
import { isShuttingDown } from "@/server/operations/readiness";
import { claimDueDeliveries } from "@/server/webhooks/claim";
import { startDeliveryWorker } from "@/server/webhooks/worker";
import { createEndpoint, createOrganization, emit, useEngineEnvironment } from "../harness/webhook-engine";
import { Receiver } from "../harness/receiver";
import { TestClient } from "../harness/http";

describe("SIGTERM during deliveries", () => {
  it("finishes the attempts in flight, claims nothing new, closes the pool and exits 0", { timeout: 60_000 }, async () => {
    useEngineEnvironment();
    const database = await getDatabase();
    const db = database.prisma;
    let concurrentMax = 0;
    let concurrent = 0;
    const hook = await Receiver.start(async () => {
      concurrent += 1;
      concurrentMax = Math.max(concurrentMax, concurrent);
      await new Promise((resolve) => setTimeout(resolve, 300));
      concurrent -= 1;
      return { status: 200, body: "ok" };
    });
    try {
      const organizationId = await createOrganization(db);
      await createEndpoint(db, organizationId, hook.url());
      for (let index = 0; index < 40; index += 1) await emit(db, organizationId);
      const worker = startDeliveryWorker(database, { intervalMs: 60_000, drain: { concurrency: 4 } });
      await hook.waitForRequests(1, 20_000);

      const exits: number[] = [];
      let isPoolClosed = false;
      const shutdown = createShutdown({ stopWorker: worker, closeDatabase: async () => void (isPoolClosed = true), exit: (code) => exits.push(code) });
      const stopping = shutdown();
      expect(isShuttingDown()).toBe(true);
      const ready = await new TestClient().get("/api/ready");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: "unavailable", reason: "shutting_down" });
      await stopping;
      expect(exits).toEqual([0]);
      expect(isPoolClosed).toBe(true);

      const sentAtStop = hook.requests.length;
      const deliveries = await db.webhookDelivery.findMany({ where: { organizationId } });
      expect(deliveries).toHaveLength(40);
      // Every attempt that was sent is recorded; nothing is left leased; the rest wait for the next instance.
      const attempted = deliveries.filter((delivery) => delivery.attempts > 0);
      expect(attempted.every((delivery) => delivery.status === "success")).toBe(true);
      expect(attempted).toHaveLength(sentAtStop);
      expect(deliveries.filter((delivery) => delivery.status === "pending").every((delivery) => delivery.attempts === 0)).toBe(true);
      expect(sentAtStop).toBeLessThan(40);
      expect(new Set(hook.requests.map((request) => request.headers["x-service-delivery-id"])).size).toBe(sentAtStop);
      expect(concurrentMax).toBeLessThanOrEqual(4);

      // Another instance picks up the rest: every delivery ends success exactly once.
      const next = startDeliveryWorker(database, { intervalMs: 100, drain: { concurrency: 8 } });
      await expect.poll(async () => db.webhookDelivery.count({ where: { organizationId, status: "success" } }), { timeout: 30_000 }).toBe(40);
      await next();
      expect(new Set(hook.requests.map((request) => request.headers["x-service-delivery-id"])).size).toBe(40);
      expect(hook.requests).toHaveLength(40);
      // Each attempt is counted by outcome for /api/metrics.
      const attempts = await getMetrics().webhookAttempts.get();
      expect(attempts.values.find((value) => value.labels.outcome === "succeeded")?.value).toBe(40);
    } finally {
      await hook.close();
    }
  });

  it("past the grace period gives back the leases of attempts still in flight, so another worker retries them at once", { timeout: 60_000 }, async () => {
    useEngineEnvironment();
    const database = await getDatabase();
    const db = database.prisma;
    // A receiver that never answers: the attempts outlast the grace period.
    const hook = await Receiver.start(() => new Promise(() => {}));
    try {
      const organizationId = await createOrganization(db);
      await createEndpoint(db, organizationId, hook.url());
      for (let index = 0; index < 3; index += 1) await emit(db, organizationId);
      const worker = startDeliveryWorker(database, { intervalMs: 60_000, drain: { concurrency: 4, timeoutMs: 30_000 } });
      await hook.waitForRequests(3, 20_000);
      const leased = await db.webhookDelivery.count({ where: { organizationId, leaseUntil: { gt: new Date() } } });
      expect(leased).toBe(3);

      const exits: number[] = [];
      await createShutdown({ stopWorker: worker, releaseHeld: worker.releaseHeld, closeDatabase: async () => {}, exit: (code) => exits.push(code), graceMs: 200 })();
      expect(exits).toEqual([0]);
      const rows = await db.webhookDelivery.findMany({ where: { organizationId } });
      expect(rows.map((row) => [row.status, row.attempts, row.leaseUntil])).toEqual([
        ["pending", 0, null],
        ["pending", 0, null],
        ["pending", 0, null],
      ]);
      // Claimable now, not in 30 s when the leases would have lapsed.
      const claimed = await claimDueDeliveries(db, { limit: 10, leaseMs: 1_000 });
      expect(claimed.map((delivery) => delivery.deliveryId).sort()).toEqual(rows.map((row) => row.id).sort());
    } finally {
      await hook.close();
    }
  });
});
