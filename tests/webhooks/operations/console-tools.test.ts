// The console's integrator tools (app-api section 13) through the real routes and a real receiver:
// health counted from attempts, attempts per hour, the headers sent and received, delivery filters and
// search, the organization's events with where each went, and the event types page.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { EVENT_TYPES } from "@/server/webhooks/events";
import { addMember, signUpOrganization, type SignedInUser } from "../../harness/factories";
import { drainUntilSettled, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers, type Receiver } from "../../harness/receiver";
import { insertEndpoint } from "../../harness/webhook-endpoints";
import { expectAppErrorEnvelope } from "../../harness/assertions";

beforeAll(() => useEngineEnvironment());
const startReceiver = useReceivers();

async function logTime(admin: SignedInUser, count = 1) {
  const response = await admin.client.post("/api/app/time-logs/sync", {
    entries: Array.from({ length: count }, (_, index) => ({
      clientSessionId: `console-${index}-${Date.now()}-${Math.random()}`,
      description: "Console",
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
      durationSeconds: 60,
      source: "manual",
    })),
  });
  expect(response.status, response.text).toBe(200);
}

async function endpointOn(receiver: Receiver) {
  const admin = await signUpOrganization({ plan: "pro" });
  const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
  return { admin, endpoint };
}

describe("health counted from attempts", () => {
  it("reads failing with its error rate and next retry as soon as attempts fail, and healthy again after a success", async () => {
    let isFailing = true;
    const receiver = await startReceiver(() => (isFailing ? { status: 500, body: "down", headers: { "x-receiver": "tired" } } : { status: 200 }));
    const { admin, endpoint } = await endpointOn(receiver);
    await logTime(admin);
    const db = await getDb();
    // Two scheduled attempts fail; the delivery is still pending with a retry a minute away.
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { nextAttemptAt: new Date() } });
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });

    const detail = await admin.client.get(`/api/app/webhooks/${endpoint.id}`);
    expect(detail.body.data.health).toEqual({
      state: "failing",
      consecutiveFailures: 0,
      attempts24h: 2,
      failedAttempts24h: 2,
      deliveries24h: { succeeded: 0, failed: 0, retrying: 1 },
      errorRate24h: 1,
      successRate24h: 0,
      successRate7d: 0,
      lastAttemptAt: expect.any(String),
      lastAttemptSucceeded: false,
      nextRetryAt: expect.any(String),
    });
    // No delivery has finished, yet the endpoint reads failing: counted from attempts.
    expect(detail.body.data.stats.last24h).toEqual({ success: 0, failed: 0, attempts: 2 });
    const hours = detail.body.data.attemptsPerHour;
    expect(hours).toHaveLength(24);
    expect(hours.at(-1)).toEqual({ hour: expect.any(String), success: 0, failed: 2 });
    expect(hours.reduce((sum: number, hour: { success: number; failed: number }) => sum + hour.success + hour.failed, 0)).toBe(2);

    // The attempt shows the headers it was sent with and the answer's.
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
    const attempt = (await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery!.id}`)).body.data.attempts[0];
    expect(attempt.requestHeaders).toEqual(expect.arrayContaining([{ name: "X-Service-Event-Id", value: delivery!.eventId }, { name: "webhook-id", value: delivery!.eventId }]));
    expect(attempt.requestHeaders.find((header: { name: string }) => header.name === "X-Service-Signature").value).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(attempt.responseHeaders).toEqual(expect.arrayContaining([{ name: "x-receiver", value: "tired" }]));

    isFailing = false;
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { nextAttemptAt: new Date() } });
    await drainUntilSettled(db, { endpointId: endpoint.id });
    const healed = (await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data;
    expect(healed.health).toMatchObject({ state: "healthy", attempts24h: 3, failedAttempts24h: 2, deliveries24h: { succeeded: 1, failed: 0, retrying: 0 }, lastAttemptSucceeded: true, nextRetryAt: null });
    expect(healed.health.successRate24h).toBeCloseTo(1 / 3, 3);
  });

  it("reads healthy without attempts and paused when an admin pauses it", async () => {
    const receiver = await startReceiver();
    const { admin, endpoint } = await endpointOn(receiver);
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data.health).toMatchObject({ state: "healthy", attempts24h: 0, errorRate24h: null, successRate7d: null, lastAttemptAt: null, lastAttemptSucceeded: null });
    await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false });
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data.health.state).toBe("paused");
  });
});

describe("why an endpoint is not active", () => {
  it("is stored when it is disabled, so the notice and the console agree: a 410 on the 20th failure reads gone in both", async () => {
    const receiver = await startReceiver(() => ({ status: 410 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"], consecutiveFailures: 19 });
    await logTime(admin);
    const db = await getDb();
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    const notices = (await admin.client.get("/api/app/notifications")).body.data;
    expect(notices).toEqual([expect.objectContaining({ kind: "webhook_disabled", endpointId: endpoint.id, consecutiveFailures: 20, reason: "gone" })]);
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data).toMatchObject({ isActive: false, disabledReason: "gone" });

    // Re-enabled, then paused by an admin: manual; re-enabled again: no reason.
    await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true });
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data.disabledReason).toBeNull();
    await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false });
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data.disabledReason).toBe("manual");
  });
});

describe("finding a delivery", () => {
  it("filters an endpoint's deliveries by several statuses, by event type, and finds one by event or delivery id", async () => {
    const receiver = await startReceiver();
    const { admin, endpoint } = await endpointOn(receiver);
    await logTime(admin, 3);
    const db = await getDb();
    const [first, second, third] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "asc" } });
    await db.webhookDelivery.update({ where: { id: first!.id }, data: { status: "success" } });
    await db.webhookDelivery.update({ where: { id: second!.id }, data: { status: "failed" } });
    const list = (query: string) => admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?${query}`);
    const idsOf = (response: { body: { data: { id: string }[] } }) => response.body.data.map((delivery) => delivery.id).sort();

    expect(idsOf(await list("status=failed,pending"))).toEqual([second!.id, third!.id].sort());
    expect(idsOf(await list("status=success"))).toEqual([first!.id]);
    expect(idsOf(await list("eventType=time_log.created"))).toHaveLength(3);
    expect(idsOf(await list("eventType=invoice.created"))).toEqual([]);
    expect(idsOf(await list(`search=${third!.eventId}`))).toEqual([third!.id]);
    expect(idsOf(await list(`search=${second!.id}`))).toEqual([second!.id]);
    expect(idsOf(await list("search=evt_unknown"))).toEqual([]);
    for (const query of ["status=done", "status=failed,done", "eventType=task.created"]) {
      const response = await list(query);
      expectAppErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe(query.slice(0, query.indexOf("=")));
    }
  });

  it("lists the organization's events with where each went, filtered and searched, for admins of that organization only", async () => {
    const receiver = await startReceiver();
    const { admin, endpoint } = await endpointOn(receiver);
    const second = await insertEndpoint(admin.organizationId, { url: receiver.url("/second"), eventTypes: ["time_log.created"] });
    await logTime(admin, 2);
    const db = await getDb();
    const deliveries = await db.webhookDelivery.findMany({ where: { organizationId: admin.organizationId }, orderBy: { createdAt: "asc" } });
    expect(deliveries).toHaveLength(4);
    await db.webhookDelivery.update({ where: { id: deliveries[0]!.id }, data: { status: "failed" } });

    const events = await admin.client.get("/api/app/webhooks/events");
    expect(events.status, events.text).toBe(200);
    expect(events.body.data).toHaveLength(2);
    for (const event of events.body.data) {
      expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), type: "time_log.created", isTest: false });
      expect(event.deliveries.map((delivery: { endpointUrl: string }) => delivery.endpointUrl).sort()).toEqual([endpoint.url, second.url].sort());
    }
    const failed = await admin.client.get("/api/app/webhooks/events?status=failed");
    expect(failed.body.data.map((event: { id: string }) => event.id)).toEqual([deliveries[0]!.eventId]);
    const found = await admin.client.get(`/api/app/webhooks/events?search=${deliveries[3]!.id}`);
    expect(found.body.data.map((event: { id: string }) => event.id)).toEqual([deliveries[3]!.eventId]);

    const other = await signUpOrganization({ plan: "pro" });
    expect((await other.client.get("/api/app/webhooks/events")).body.data).toEqual([]);
    expect((await other.client.get(`/api/app/webhooks/events?search=${deliveries[0]!.eventId}`)).body.data).toEqual([]);
    expectAppErrorEnvelope(await (await addMember(admin)).client.get("/api/app/webhooks/events"), 403, "forbidden");
  });
});

describe("event types", () => {
  it("lists every catalog type with its description, a JSON Schema and an example body that the schema accepts", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const response = await admin.client.get("/api/app/webhooks/event-types");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.map((entry: { type: string }) => entry.type)).toEqual(EVENT_TYPES);
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const entry of response.body.data) {
      expect(entry.description).toMatch(/^Sent when /);
      expect(entry.example).toMatchObject({ type: entry.type, data: { organizationId: admin.organizationId } });
      const validate = ajv.compile(entry.schema);
      expect(validate(entry.example), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...entry.example, data: {} })).toBe(false);
    }
  });
});
