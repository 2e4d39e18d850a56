// A delivery worker's identity (src/server/webhooks/worker-identity.ts): the leases it takes name it,
// and they count (in flight, and against claiming the row again) only while its identity lock is held.
// A worker that is gone frees its organization's and endpoint's slots at once; a live one, however
// slow, keeps its leases; an outcome the old holder writes after another worker took over is refused.
// Releasing the lock stands in for the worker's death here (PostgreSQL releases it the same way when
// the connection closes); tests/platform/faults.test.ts kills a worker process with SIGKILL.
import { describe, expect, it } from "vitest";
import { claimDueDeliveries } from "@/server/webhooks/claim";
import { recordOutcome } from "@/server/webhooks/record";
import { nextDeliveryState } from "@/server/webhooks/state";
import { takeWorkerIdentity, type WorkerIdentity } from "@/server/webhooks/worker-identity";
import { createEndpoint, createOrganization, emit, useEngineDatabase } from "../../harness/webhook-engine";

const { database, db, afterThisTest } = await useEngineDatabase({ clearEndpoints: true });

/** Two attempts in flight per organization at most: a worker holding two blocks every other claim. */
const limits = { endpointMaxInFlight: 4, organizationMaxInFlight: 2 };
const LEASE_MS = 10 * 60_000;

async function identity(): Promise<WorkerIdentity> {
  const taken = await takeWorkerIdentity(database);
  afterThisTest(() => taken.release());
  return taken;
}

async function organizationWithDeliveries(count: number): Promise<{ organizationId: string; deliveryIds: string[] }> {
  const organizationId = await createOrganization(db);
  await createEndpoint(db, organizationId, "https://receiver.example.com/hook");
  const deliveryIds: string[] = [];
  for (let index = 0; index < count; index += 1) deliveryIds.push(...(await emit(db, organizationId)).deliveryIds);
  return { organizationId, deliveryIds };
}

const claim = (workerKey?: number) => claimDueDeliveries(db, { limit: 8, leaseMs: LEASE_MS, limits, workerKey });

describe("a worker's identity", () => {
  it("keeps a live worker's leases its own: another worker claims none of them and none beyond the organization's bound", async () => {
    const { deliveryIds } = await organizationWithDeliveries(4);
    const slow = await identity();
    const other = await identity();
    const held = await claim(slow.key);
    expect(held.map((row) => row.deliveryId)).toEqual(deliveryIds.slice(0, 2));
    expect(held.every((row) => row.leasedBy === slow.key)).toBe(true);
    // However often the other worker looks, the slow worker's two attempts count.
    for (let round = 0; round < 3; round += 1) expect(await claim(other.key)).toEqual([]);
  });

  it("frees a dead worker's leases at once: another worker claims its deliveries and its organization's next, long before the leases run out", async () => {
    const { deliveryIds } = await organizationWithDeliveries(4);
    const dying = await identity();
    const survivor = await identity();
    const held = await claim(dying.key);
    expect(held).toHaveLength(2);
    expect(await claim(survivor.key)).toEqual([]);

    await dying.release();
    const leases = await db.webhookDelivery.findMany({ where: { id: { in: deliveryIds.slice(0, 2) } }, select: { leaseUntil: true } });
    // Still minutes from running out.
    expect(leases.every((lease) => lease.leaseUntil!.getTime() > Date.now() + LEASE_MS / 2)).toBe(true);
    const taken = await claim(survivor.key);
    // The dead worker's two (the oldest due) are taken again, under the survivor's name, within the bound of 2.
    expect(taken.map((row) => row.deliveryId)).toEqual(deliveryIds.slice(0, 2));
    expect(taken.every((row) => row.leasedBy === survivor.key)).toBe(true);

    // Should the dead worker's attempt still answer, its outcome is not written over the survivor's lease.
    const late = held[0]!;
    const now = new Date();
    const outcome = { statusCode: 200, error: null, durationMs: 5, attemptedAt: now };
    expect(await recordOutcome(db, late, nextDeliveryState(late, outcome, { now, retryBaseSeconds: 60, random: () => 0.5 }), now, outcome)).toBe(false);
    const survivorClaim = taken[0]!;
    expect(await recordOutcome(db, survivorClaim, nextDeliveryState(survivorClaim, outcome, { now, retryBaseSeconds: 60, random: () => 0.5 }), now, outcome)).toBe(true);
    // The survivor's recorded outcome freed a slot: the organization's next delivery goes to it.
    expect((await claim(survivor.key)).map((row) => row.deliveryId)).toEqual([deliveryIds[2]]);
  });

  it("claims nothing under an identity whose lock is gone: such a lease would be free the moment it was taken", async () => {
    await organizationWithDeliveries(1);
    const gone = await identity();
    await gone.release();
    expect(await claim(gone.key)).toEqual([]);
    expect(await claim()).toHaveLength(1);
  });

  it("keeps a lease without a holder (a drain without an identity) until it runs out", async () => {
    const { deliveryIds } = await organizationWithDeliveries(3);
    const other = await identity();
    expect(await claim()).toHaveLength(2);
    expect(await claim(other.key)).toEqual([]);
    const afterLease = new Date(Date.now() + LEASE_MS + 1_000);
    const taken = await claimDueDeliveries(db, { limit: 8, leaseMs: LEASE_MS, limits, workerKey: other.key, now: afterLease });
    expect(taken.map((row) => row.deliveryId)).toEqual(deliveryIds.slice(0, 2));
  });
});
