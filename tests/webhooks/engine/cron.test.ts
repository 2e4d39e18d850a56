// POST /api/cron/webhooks (app-api section 5): Bearer CRON_SECRET from the header only, then one drain.
import { ISO_TIMESTAMP } from "../../harness/assertions";
import { afterAll, describe, expect, it } from "vitest";
import { TestClient } from "../../harness/http";
import { createEndpoint, createOrganization, emit, useEngineDatabase, useEngineEnvironment } from "../../harness/webhook-engine";
import { Receiver } from "../../harness/receiver";

const CRON_SECRET = "orbit-test-cron-secret";
const { db } = await useEngineDatabase({ environment: { CRON_SECRET } });
const hook = await Receiver.start();
afterAll(() => hook.close());
const client = new TestClient();

function expectUnauthorized(response: { status: number; body: any; headers: Headers }) {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error: "unauthorized", message: expect.any(String), meta: { apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) } });
  expect(response.headers.get("ratelimit-limit")).toBeNull();
}

describe("POST /api/cron/webhooks", () => {
  it.each([
    ["no Authorization header", {}],
    ["a wrong token", { authorization: "Bearer wrong-secret" }],
    ["the token with a suffix", { authorization: `Bearer ${CRON_SECRET}x` }],
    ["a prefix of the token", { authorization: `Bearer ${CRON_SECRET.slice(0, -1)}` }],
    ["another scheme", { authorization: `Basic ${CRON_SECRET}` }],
    ["the bare token", { authorization: CRON_SECRET }],
    ["an empty bearer", { authorization: "Bearer " }],
  ])("answers 401 for %s and sends nothing", async (_label, headers) => {
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    expectUnauthorized(await client.post("/api/cron/webhooks", undefined, { headers }));
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("never reads the token from the query string", async () => {
    expectUnauthorized(await client.post(`/api/cron/webhooks?token=${CRON_SECRET}&authorization=Bearer%20${CRON_SECRET}`));
  });

  it("drains with the right bearer and answers the counts in the envelope", async () => {
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const before = hook.requests.length;
    await emit(db, organizationId);
    await emit(db, organizationId);
    const response = await client.post("/api/cron/webhooks", undefined, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { claimed: 2, succeeded: 2, retried: 0, failed: 0 }, meta: { apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) } });
    expect(hook.requests.length - before).toBe(2);

    const idle = await client.post("/api/cron/webhooks", undefined, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(idle.status).toBe(200);
    expect(idle.body.data).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
  });

  it("counts retried and failed deliveries", async () => {
    const failing = await Receiver.start(() => ({ status: 500 }));
    try {
      const organizationId = await createOrganization(db);
      const endpoint = await createEndpoint(db, organizationId, failing.url());
      const { deliveryIds } = await emit(db, organizationId);
      await db.webhookDelivery.update({ where: { id: deliveryIds[0] }, data: { attempts: 4 } });
      await emit(db, organizationId);
      await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 0 } });
      useEngineEnvironment({ CRON_SECRET, WEBHOOK_RETRY_BASE_SECONDS: "60" });
      const response = await client.post("/api/cron/webhooks", undefined, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ claimed: 2, succeeded: 0, retried: 1, failed: 1 });
    } finally {
      useEngineEnvironment({ CRON_SECRET });
      await failing.close();
    }
  });

  it("answers 401 to everything when CRON_SECRET is not configured", async () => {
    useEngineEnvironment({ CRON_SECRET: "" });
    try {
      for (const authorization of [`Bearer ${CRON_SECRET}`, "Bearer ", "Bearer undefined", "Bearer null"]) {
        expectUnauthorized(await client.post("/api/cron/webhooks", undefined, { headers: { authorization } }));
      }
      expectUnauthorized(await client.post("/api/cron/webhooks"));
    } finally {
      useEngineEnvironment({ CRON_SECRET });
    }
  });

  it("has no GET", async () => {
    expect((await client.get("/api/cron/webhooks", { headers: { authorization: `Bearer ${CRON_SECRET}` } })).status).toBe(405);
  });
});
