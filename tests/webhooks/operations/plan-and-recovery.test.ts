// Webhooks follow the plan: an organization downgraded to a plan without custom integrations has its
// webhooks paused (no fan-out, no claims, no sending operations: 402) and resumed on upgrade with
// nothing lost. Recover requests: one pending per endpoint (409), served in turns across organizations.
import { beforeAll, describe, expect, it } from "vitest";
import { signUpOrganization, type SignedInUser } from "../../harness/factories";
import { insertEndpoint, seedDeliveries } from "../../harness/webhook-endpoints";
import { getDb, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers } from "../../harness/receiver";
import { claimDueDeliveries } from "@/server/webhooks/claim";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { fanOutAll } from "@/server/webhooks/fan-out";
import { markRecoveredDeliveries } from "@/server/webhooks/recovery";
import { expectAppErrorEnvelope } from "../../harness/assertions";

beforeAll(() => useEngineEnvironment());

const startReceiver = useReceivers();
const HOUR = 3_600_000;

async function syncOneLog(owner: SignedInUser) {
  const sync = await owner.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: `plan-${Math.random()}`, startedAt: new Date(Date.now() - HOUR).toISOString(), durationSeconds: 600, source: "manual" }],
  });
  expect(sync.status, sync.text).toBe(200);
}

const setPlan = async (owner: SignedInUser, plan: "free" | "pro") => expect((await owner.client.put("/api/app/organization/plan", { plan })).status).toBe(200);

describe("webhooks of an organization without the plan", () => {
  it("are paused: no new deliveries, no claims, 402 for what sends or changes the destination; upgrading resumes them", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url() });
    const db = await getDb();
    await syncOneLog(admin);
    await fanOutAll(db);
    const pending = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    const [failed] = await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: new Date(Date.now() - HOUR), status: "failed", attempts: 5 }]);

    await setPlan(admin, "free");
    await syncOneLog(admin);
    await fanOutAll(db);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);
    expect(await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000 })).toEqual([]);

    const base = `/api/app/webhooks/${endpoint.id}`;
    for (const response of [
      await admin.client.patch(base, { url: "https://elsewhere.example.com/hook" }),
      await admin.client.patch(base, { maxRequestsPerSecond: 1000 }),
      await admin.client.post(`${base}/test`, { eventType: "time_log.created" }),
      await admin.client.post(`${base}/deliveries/${failed!.id}/resend`),
      await admin.client.post(`${base}/recover`, { since: new Date(Date.now() - 2 * HOUR).toISOString() }),
    ]) {
      expectAppErrorEnvelope(response, 402, "plan_required");
    }
    // What stops or describes an endpoint works on any plan.
    expect((await admin.client.patch(base, { description: "paused" })).status).toBe(200);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ url: endpoint.url, maxRequestsPerSecond: endpoint.maxRequestsPerSecond });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: failed!.id } })).toMatchObject({ manualAttemptRequestedAt: null });
    expect(await db.webhookRecovery.count()).toBe(0);
    expect(receiver.requests).toHaveLength(0);

    await setPlan(admin, "pro");
    await drainDueDeliveries(db, { timeoutMs: 2_000 });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: "success" });
    expect(receiver.requests.map((request) => request.headers["x-service-delivery-id"])).toEqual([pending.id]);
  });
});

describe("recover requests", () => {
  it("one pending per endpoint: a second while the first waits is a 409, also when both race", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: "https://recover-once.example.com/h" });
    await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: new Date(Date.now() - HOUR), status: "failed", attempts: 5 }]);
    const recover = () => admin.client.post(`/api/app/webhooks/${endpoint.id}/recover`, { since: new Date(Date.now() - 2 * HOUR).toISOString() });

    const racing = await Promise.all([recover(), recover(), recover()]);
    expect(racing.map((response) => response.status).sort()).toEqual([202, 409, 409]);
    expectAppErrorEnvelope(racing.find((response) => response.status === 409)!, 409, "conflict");
    expectAppErrorEnvelope(await recover(), 409, "conflict");
    const db = await getDb();
    expect(await db.webhookRecovery.count({ where: { endpointId: endpoint.id } })).toBe(1);

    // Once worked through, the endpoint can be recovered again.
    await markRecoveredDeliveries(db);
    expect(await db.webhookRecovery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await recover()).status).toBe(202);
    await db.webhookRecovery.deleteMany({ where: { endpointId: endpoint.id } });
  });

  it("are served in turns across organizations, not first come", async () => {
    const db = await getDb();
    const busy = await signUpOrganization({ plan: "pro" });
    const quiet = await signUpOrganization({ plan: "pro" });
    const since = new Date(Date.now() - 2 * HOUR);
    const recoverOne = async (owner: SignedInUser, index: number) => {
      const endpoint = await insertEndpoint(owner.organizationId, { url: `https://turns-${index}.example.com/h`, isActive: true });
      await seedDeliveries(owner.organizationId, endpoint.id, [{ createdAt: new Date(Date.now() - HOUR), status: "failed", attempts: 5 }]);
      const response = await owner.client.post(`/api/app/webhooks/${endpoint.id}/recover`, { since: since.toISOString() });
      expect(response.status, response.text).toBe(202);
      return endpoint.id;
    };
    // The busy organization asks first, for three endpoints; the quiet one after.
    const busyEndpoints = [await recoverOne(busy, 1), await recoverOne(busy, 2), await recoverOne(busy, 3)];
    const quietEndpoint = await recoverOne(quiet, 4);

    const order: string[] = [];
    for (let pass = 0; pass < 4; pass += 1) {
      const before = new Set((await db.webhookRecovery.findMany({ select: { endpointId: true } })).map((row) => row.endpointId));
      await markRecoveredDeliveries(db, new Date(Date.now() + pass));
      const after = new Set((await db.webhookRecovery.findMany({ select: { endpointId: true } })).map((row) => row.endpointId));
      order.push(...[...before].filter((id) => !after.has(id)));
    }
    expect(order).toEqual([busyEndpoints[0], quietEndpoint, busyEndpoints[1], busyEndpoints[2]]);
    // Recovered deliveries were those endpoints' own.
    expect(await db.webhookDelivery.count({ where: { endpointId: { in: [...busyEndpoints, quietEndpoint] }, manualAttemptRequestedAt: { not: null } } })).toBe(4);
  });
});
