// Fair delivery (issue 11, app-api section 8 "Fairness and endpoint bounds"): organizations and their
// endpoints take turns, one organization's silent endpoints cannot hold back another's deliveries,
// in-flight and rate bounds hold across two workers, and an unreachable endpoint's circuit opens and
// half-opens with one probe. Real database, real sockets on 127.0.0.1.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { claimDueDeliveries } from "@/server/webhooks/claim";
import { drainDueDeliveries, type DrainOptions } from "@/server/webhooks/deliver";
import { startDeliveryWorker, type DeliveryWorker } from "@/server/webhooks/worker";
import { Blackhole } from "../../harness/blackhole";
import { createEndpoint, createOrganization, drainUntilSettled, emit, testClock, useEngineDatabase, useSecondWorkerDb } from "../../harness/webhook-engine";
import { useReceivers, type Receiver } from "../../harness/receiver";

const receiver = useReceivers();
const { database, db, afterThisTest } = await useEngineDatabase({ clearEndpoints: true });
/** A second worker's client. */
const otherDb = useSecondWorkerDb(database);

async function blackhole() {
  const started = await Blackhole.start();
  afterThisTest(() => started.close());
  return started;
}

/** A loopback URL on which nothing listens: every attempt is refused at once. */
async function refusedUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

async function emitMany(organizationId: string, count: number) {
  for (let index = 0; index < count; index += 1) await emit(db, organizationId);
}

const deliveryIdsOf = (hook: Receiver) => hook.requests.map((request) => request.headers["x-service-delivery-id"] as string);

/** Both workers drain the organization's deliveries at once, on one test clock, until none is pending. */
function drainWithBothWorkers(organizationId: string, options: Omit<DrainOptions, "clock"> = {}, maxRounds?: number) {
  const clock = testClock();
  return Promise.all([db, otherDb].map((client) => drainUntilSettled(client, { organizationId }, { ...options, clock }, maxRounds)));
}

describe("fair claiming", () => {
  it("gives another organization's due delivery a place in the very next claim, and spreads one organization's turns over its endpoints", async () => {
    const noisy = await createOrganization(db, "Noisy");
    const quiet = await createOrganization(db, "Quiet");
    const noisyEndpoints = await Promise.all(["a", "b", "c"].map((path) => createEndpoint(db, noisy, `https://example.com/${path}`)));
    await emitMany(noisy, 40); // 120 due deliveries, older than the quiet organization's
    await createEndpoint(db, quiet, "https://example.com/quiet");
    const { deliveryIds: quietIds } = await emit(db, quiet);

    const limits = { endpointMaxInFlight: 4, organizationMaxInFlight: 8 };
    const first = await claimDueDeliveries(db, { limit: 4, leaseMs: 60_000, limits });
    expect(first.map((row) => row.deliveryId)).toContain(quietIds[0]);
    const noisyClaims = first.filter((row) => row.organizationId === noisy);
    expect(noisyClaims).toHaveLength(3);
    expect(new Set(noisyClaims.map((row) => row.endpointId)).size).toBe(3);

    // The noisy organization now holds 3 of its 8 slots; its next claim stops at the bound.
    const second = await claimDueDeliveries(db, { limit: 16, leaseMs: 60_000, limits });
    expect(second).toHaveLength(5);
    expect(second.every((row) => row.organizationId === noisy)).toBe(true);
    expect(await claimDueDeliveries(db, { limit: 16, leaseMs: 60_000, limits })).toEqual([]);
    const leased = await db.webhookDelivery.groupBy({ by: ["endpointId"], where: { leaseUntil: { not: null }, organizationId: noisy }, _count: true });
    expect(leased.map((group) => group._count).sort()).toEqual([2, 3, 3]);
    expect(leased.every((group) => noisyEndpoints.some((endpoint) => endpoint.id === group.endpointId))).toBe(true);
  });

  it("delivers a healthy organization's events at once while another floods silent endpoints", async () => {
    const silent = await blackhole();
    const hook = await receiver();
    const flooding = await createOrganization(db, "Flooding");
    const healthy = await createOrganization(db, "Healthy");
    for (let index = 0; index < 10; index += 1) await createEndpoint(db, flooding, silent.url(`/e${index}`));
    await emitMany(flooding, 30); // 300 deliveries, every attempt held until its timeout
    await createEndpoint(db, healthy, hook.url());

    // Starved, the healthy organization would wait for a flooded slot's timeout; each of its events
    // must arrive in a fraction of that, a bound that holds however slow the machine is.
    const floodTimeoutMs = 60_000;
    const worker: DeliveryWorker = startDeliveryWorker(database, { drain: { timeoutMs: floodTimeoutMs } });
    afterThisTest(async () => {
      await silent.close(); // attempts in flight fail at once, so the worker stops quickly
      await worker();
    });
    await worker.ready;
    // The flooding organization holds every slot it may (WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT, 8), no more.
    await silent.waitForOpen(8);

    const expected: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      expected.push(...(await emit(db, healthy)).deliveryIds);
      await hook.waitForRequests(index + 1, floodTimeoutMs / 6);
    }
    expect(deliveryIdsOf(hook)).toEqual(expected);
    expect(silent.maxOpen).toBe(8);
    expect(await db.webhookDelivery.count({ where: { organizationId: flooding, status: "pending", attempts: 0 } })).toBeGreaterThan(250);
  });
});

describe("endpoint bounds across two workers", () => {
  it("keeps at most the endpoint's in-flight bound of attempts open at once", async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: 60 }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    await emitMany(organizationId, 30);
    await drainWithBothWorkers(organizationId, { concurrency: 16, limits: { endpointMaxInFlight: 3, organizationMaxInFlight: 100 } });
    expect(new Set(deliveryIdsOf(hook)).size).toBe(30);
    expect(hook.requests).toHaveLength(30);
    expect(hook.maxInFlight).toBeLessThanOrEqual(3);
  });

  it("keeps at most the organization's in-flight bound open over all its endpoints", async () => {
    const hook = await receiver(() => ({ status: 200, delayMs: 60 }));
    const organizationId = await createOrganization(db);
    for (const path of ["/a", "/b", "/c"]) await createEndpoint(db, organizationId, hook.url(path));
    await emitMany(organizationId, 12);
    await drainWithBothWorkers(organizationId, { concurrency: 16, limits: { endpointMaxInFlight: 4, organizationMaxInFlight: 5 } });
    expect(new Set(deliveryIdsOf(hook)).size).toBe(36);
    expect(hook.maxInFlight).toBeLessThanOrEqual(5);
  });

  it("sends no faster than maxRequestsPerSecond: at most one second's burst plus the rate in any second", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url());
    const rate = 4;
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { maxRequestsPerSecond: rate } });
    await emitMany(organizationId, 16);
    // The bucket refills on the engine's clock, which the drains move to each refill instead of waiting for it.
    await drainWithBothWorkers(organizationId, {}, 5_000);
    expect(new Set(deliveryIdsOf(hook)).size).toBe(16);

    // Each attempt's start on that clock, taken as the claim hands it over.
    const attempts = await db.webhookAttempt.findMany({ where: { endpointId: endpoint.id }, select: { startedAt: true } });
    expect(attempts).toHaveLength(16);
    const arrivals = attempts.map((attempt) => attempt.startedAt.getTime()).sort((a, b) => a - b);
    for (const start of arrivals) {
      // Token bucket of capacity `rate` refilled at `rate` per second: at most 2 × rate in any second
      // (one more for the clock moving between a claim and its attempt's start).
      expect(arrivals.filter((time) => time >= start && time < start + 1_000).length).toBeLessThanOrEqual(2 * rate + 1);
    }
    // 16 sends with a burst of 4 need at least 3 seconds of refill.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(2_500);
  });
});

describe("circuit of an unreachable endpoint", () => {
  async function openCircuit() {
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, await refusedUrl());
    await emitMany(organizationId, 10);
    // One attempt at a time: three are refused and the circuit opens (for 60 s here) before a fourth is claimed.
    const oneAtATime = { endpointMaxInFlight: 1, organizationMaxInFlight: 8 };
    expect(await drainDueDeliveries(db, { circuitCooldownMs: 60_000, limits: oneAtATime })).toEqual({ claimed: 3, succeeded: 0, retried: 3, failed: 0 });
    return { endpoint };
  }

  const schedule = (endpointId: string) => db.webhookEndpointSchedule.findUniqueOrThrow({ where: { endpointId } });
  /** The cooldown has passed: the next claim may send one probe. */
  const endCooldown = (endpointId: string) =>
    db.webhookEndpointSchedule.update({ where: { endpointId }, data: { circuitOpenUntil: new Date(Date.now() - 1_000) } });

  it("opens after repeated unreachable attempts: the endpoint gets no slot, and its deliveries keep the contract's state", async () => {
    const { endpoint } = await openCircuit();
    const circuit = await schedule(endpoint.id);
    expect(circuit.unreachableCount).toBe(3);
    expect(circuit.circuitOpenUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Retries are due (tiny retry base) but the open circuit holds them back.
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    expect(deliveries.every((row) => row.status === "pending" && row.leaseUntil === null)).toBe(true);
    expect(deliveries.map((row) => row.attempts).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ isActive: true, consecutiveFailures: 0 });
  });

  it("half-opens after the cooldown with exactly one probe; an unreachable probe opens it again for longer", async () => {
    const { endpoint } = await openCircuit();
    const before = await schedule(endpoint.id);
    await endCooldown(endpoint.id);
    expect(await drainDueDeliveries(db, { circuitCooldownMs: 60_000 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    const after = await schedule(endpoint.id);
    expect(after.unreachableCount).toBe(4);
    expect(after.circuitOpenUntil!.getTime() - Date.now()).toBeGreaterThan(before.circuitOpenUntil!.getTime() - before.lastClaimedAt!.getTime());
    expect(await drainDueDeliveries(db)).toMatchObject({ claimed: 0 });
  });

  it("closes when the probe gets an answer: the probe goes alone, then the endpoint has its slots back", async () => {
    const { endpoint } = await openCircuit();
    const inFlightAtArrival: number[] = [];
    const hook = await receiver(() => {
      inFlightAtArrival.push(hook.inFlight);
      return { status: 200, delayMs: 150 };
    });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { url: hook.url() } });
    await endCooldown(endpoint.id);

    const counts = await drainUntilSettled(db, { endpointId: endpoint.id });
    expect(counts).toMatchObject({ succeeded: 10, failed: 0 });
    expect(inFlightAtArrival[0]).toBe(1);
    // Nothing else was sent until the probe's answer was recorded.
    expect(hook.requests[1]!.receivedAt - hook.requests[0]!.receivedAt).toBeGreaterThanOrEqual(150);
    expect(hook.maxInFlight).toBeGreaterThan(1);
    expect(await schedule(endpoint.id)).toMatchObject({ unreachableCount: 0, circuitOpenUntil: null });
  });
});
