// The delivery worker gives way to request work (deliver.ts `yieldTo`, load/request-pressure.ts):
// while requests wait at the server's edge, which publishes its load (load/request-load.ts), it
// keeps at most YIELDING_CONCURRENCY attempts in flight and goes on delivering; once they are served it
// uses its whole concurrency again.
import http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/env";
import { requestLoad } from "@/server/load/request-load";
import { isRequestWorkPressing } from "@/server/load/request-pressure";
import { drainDueDeliveries, YIELDING_CONCURRENCY } from "@/server/webhooks/deliver";
import { startDeliveryWorker } from "@/server/webhooks/worker";
import { startOrbitServer } from "../../harness/server";
import { createEndpoint, createOrganization, emit, useEngineDatabase } from "../../harness/webhook-engine";
import { useReceivers, type Receiver } from "../../harness/receiver";

const receiver = useReceivers();
const { database, db, afterThisTest } = await useEngineDatabase();
/** Bounds per endpoint and organization that never bind here: what is measured is the drain's own concurrency. */
const wide = { endpointMaxInFlight: 32, organizationMaxInFlight: 64 };

/** A receiver that holds the first `count` attempts until `count` are in (or 3 s passed), so `maxInFlight` shows how many the drain had out at once. */
async function gatheringReceiver(count: number): Promise<Receiver> {
  let releaseAll!: () => void;
  const allIn = new Promise<void>((resolve) => (releaseAll = resolve));
  return receiver(async (_request, index) => {
    if (index === count - 1) releaseAll();
    if (index < count) await Promise.race([allIn, new Promise((resolve) => setTimeout(resolve, 3_000))]);
    return { status: 200 };
  });
}

async function queueDeliveries(url: string, count: number): Promise<string> {
  const organizationId = await createOrganization(db);
  await createEndpoint(db, organizationId, url, { maxRequestsPerSecond: 1000 });
  for (let index = 0; index < count; index += 1) await emit(db, organizationId);
  return organizationId;
}

describe(`webhook drains beside request work (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("keeps at most YIELDING_CONCURRENCY attempts in flight while requests press, and delivers everything", async () => {
    const yielding = await gatheringReceiver(8);
    await queueDeliveries(yielding.url(), 16);
    expect(await drainDueDeliveries(db, { concurrency: 16, limits: wide, yieldTo: () => true })).toMatchObject({ claimed: 16, succeeded: 16 });
    expect(yielding.maxInFlight).toBe(YIELDING_CONCURRENCY);

    const free = await gatheringReceiver(8);
    await queueDeliveries(free.url(), 16);
    expect(await drainDueDeliveries(db, { concurrency: 16, limits: wide, yieldTo: () => false })).toMatchObject({ claimed: 16, succeeded: 16 });
    expect(free.maxInFlight).toBeGreaterThanOrEqual(8);
  });

  it("the inline worker gives way while requests wait at the server's edge, and takes its whole concurrency back once they are served", { timeout: 60_000 }, async () => {
    // No server has started in this process yet: nothing is published, nothing presses.
    expect(requestLoad()).toEqual({ inProgress: 0, waiting: 0 });
    expect(isRequestWorkPressing()).toBe(false);

    // One request in progress at a time: a second one waits at the edge.
    Object.assign(process.env, { SERVER_MAX_CONCURRENT_REQUESTS: "1" });
    resetEnvCache();
    afterThisTest(() => {
      delete process.env.SERVER_MAX_CONCURRENT_REQUESTS;
      resetEnvCache();
    });
    const releases: (() => void)[] = [];
    const server = await startOrbitServer(() => new Promise<Response>((resolve) => releases.push(() => resolve(new Response("ok")))));
    afterThisTest(() => server.close());
    const answers = ["127.0.0.30", "127.0.0.31"].map(
      (from) =>
        new Promise<number>((resolve, reject) => {
          http.request({ host: "127.0.0.1", port: server.port, path: "/held", localAddress: from, agent: false }, (response) => resolve((response.resume(), response.statusCode!))).on("error", reject).end();
        }),
    );
    await vi.waitFor(() => expect(requestLoad()).toMatchObject({ inProgress: 1, waiting: 1 }), { timeout: 20_000, interval: 10 });
    expect(isRequestWorkPressing()).toBe(true);

    const whilePressed = await gatheringReceiver(8);
    await queueDeliveries(whilePressed.url(), 12);
    const worker = startDeliveryWorker(database, { drain: { concurrency: 16, limits: wide } });
    afterThisTest(() => worker());
    await whilePressed.waitForRequests(12, 30_000);
    expect(whilePressed.maxInFlight).toBe(YIELDING_CONCURRENCY);

    // Both requests served: nothing presses any more.
    releases.shift()!();
    await vi.waitFor(() => expect(releases).toHaveLength(1), { timeout: 20_000, interval: 10 });
    releases.shift()!();
    expect(await Promise.all(answers)).toEqual([200, 200]);
    expect(isRequestWorkPressing()).toBe(false);

    await worker.idle();
    const unpressed = await gatheringReceiver(8);
    await queueDeliveries(unpressed.url(), 12);
    await unpressed.waitForRequests(12, 30_000);
    expect(unpressed.maxInFlight).toBeGreaterThanOrEqual(8);
  });
});
