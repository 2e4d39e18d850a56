// Webhook operations (app-api section 8) through the real routes, a real database, real HMAC and a
// real receiver on 127.0.0.1: the attempt log, the endpoint's stats, resend, recover, test events and
// their state rules, authorization, a worker that dies during a manual attempt, and retention.
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, signUpOrganization, type SignedInUser } from "../../harness/factories";
import { insertEndpoint } from "../../harness/webhook-endpoints";
import { drainUntil, drainUntilSettled, getDb, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers, type Receiver } from "../../harness/receiver";
import { verifyWebhookSignature } from "@/webhooks/verify";
import { claimDueDeliveries } from "@/server/webhooks/claim";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { recordOutcomes } from "@/server/webhooks/record";
import { nextManualAttemptState } from "@/server/webhooks/state";
import { pruneWebhookHistory } from "@/server/webhooks/retention";
import { markRecoveredDeliveries } from "@/server/webhooks/recovery";

beforeAll(() => useEngineEnvironment());

const startReceiver = useReceivers();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Drains until no manual attempt of this endpoint is requested or being worked through (resend,
 * recover); other tests' leftovers never hold it up.
 */
async function drainManualAttempts(endpointId: string, options: Parameters<typeof drainUntil>[2] = {}) {
  const db = await getDb();
  const isSettled = async () =>
    !(await db.webhookDelivery.count({ where: { endpointId, manualAttemptRequestedAt: { not: null } } })) && !(await db.webhookRecovery.count({ where: { endpointId } }));
  await drainUntil(db, isSettled, options, 1_000);
}

/** An admin with an active endpoint on a local receiver, and one time-log event delivered to it. */
async function endpointWithDelivery(receiver: Receiver, admin?: SignedInUser) {
  const owner = admin ?? (await signUpOrganization({ plan: "pro" }));
  const endpoint = await insertEndpoint(owner.organizationId, { url: receiver.url() });
  const sync = await owner.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: `ops-${Math.random()}`, description: "Operations", startedAt: new Date(Date.now() - HOUR).toISOString(), durationSeconds: 600, source: "manual" }],
  });
  expect(sync.status, sync.text).toBe(200);
  const db = await getDb();
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
  return { admin: owner, endpoint, delivery };
}

describe("the attempt log and the endpoint's stats", () => {
  it("records every attempt, oldest first, with trigger, status, body and duration, and counts them in the last 24 hours", async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? { status: 500, body: "boom: database down" } : { status: 200, body: "thanks" }));
    const { admin, endpoint, delivery } = await endpointWithDelivery(receiver);
    await drainUntilSettled(await getDb(), { endpointId: endpoint.id });

    const detail = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({ id: delivery.id, status: "success", isTest: false, event: { id: delivery.eventId, type: "time_log.created" } });
    const headers = { requestHeaders: expect.arrayContaining([{ name: "X-Service-Delivery-Id", value: delivery.id }]), responseHeaders: expect.arrayContaining([{ name: "date", value: expect.any(String) }]) };
    expect(detail.body.data.attempts).toEqual([
      { id: expect.any(String), number: 1, trigger: "scheduled", startedAt: expect.any(String), durationMs: expect.any(Number), statusCode: 500, responseBody: "boom: database down", error: null, ...headers },
      { id: expect.any(String), number: 2, trigger: "scheduled", startedAt: expect.any(String), durationMs: expect.any(Number), statusCode: 200, responseBody: "thanks", error: null, ...headers },
    ]);
    expect(Date.parse(detail.body.data.attempts[0].startedAt)).toBeLessThanOrEqual(Date.parse(detail.body.data.attempts[1].startedAt));

    const overview = await admin.client.get(`/api/app/webhooks/${endpoint.id}`);
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body.data).toMatchObject({ id: endpoint.id, url: endpoint.url, secret: endpoint.secret, isActive: true, disabledReason: null, stats: { last24h: { success: 1, failed: 0, attempts: 2 } } });
  });

  it("keeps a network error as the attempt's error with no status, and cuts response bodies at 1 KB", async () => {
    const receiver = await startReceiver(() => ({ status: 503, body: "x".repeat(5_000) }));
    const { admin, endpoint, delivery } = await endpointWithDelivery(receiver);
    // A minute's retry base: one attempt now, the next only when the test makes it due.
    await drainDueDeliveries(await getDb(), { timeoutMs: 2_000, retryBaseSeconds: 60 });
    await receiver.close();
    const db = await getDb();
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date() } });
    await drainDueDeliveries(db, { timeoutMs: 2_000, retryBaseSeconds: 60 });

    const { body } = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    const [first, second] = body.data.attempts;
    expect(first).toMatchObject({ number: 1, statusCode: 503, error: null });
    expect(Buffer.byteLength(first.responseBody)).toBe(1024);
    expect(second).toMatchObject({ number: 2, statusCode: null, responseBody: null, error: expect.stringMatching(/ECONNREFUSED/) });
    // Its retry is a minute away: out of the way of the other tests' drains.
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: false } });
  });
});

describe("resend", () => {
  it("makes one manual attempt with the stored bytes and the same ids; a 2xx makes a failed delivery success and resets the endpoint", async () => {
    const receiver = await startReceiver(() => ({ status: 410 }));
    const { admin, endpoint, delivery } = await endpointWithDelivery(receiver);
    const db = await getDb();
    await drainUntilSettled(db, { endpointId: endpoint.id });
    // A 410 disabled it; re-enable, as an admin would after fixing the receiver.
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed", attempts: 1 });
    await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 3 } });
    receiver.respond = () => ({ status: 204 });

    const resent = await admin.client.post(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`);
    expect(resent.status, resent.text).toBe(202);
    expect(resent.body.data).toMatchObject({ id: delivery.id, status: "failed", isTest: false });
    await drainManualAttempts(endpoint.id);

    const [original, again] = receiver.requests;
    expect(again!.body.equals(original!.body)).toBe(true);
    expect(again!.headers["x-service-delivery-id"]).toBe(delivery.id);
    expect(again!.headers["x-service-event-id"]).toBe(original!.headers["x-service-event-id"]);
    expect(again!.headers["webhook-id"]).toBe(original!.headers["webhook-id"]);
    expect(verifyWebhookSignature(again!.body.toString("utf8"), String(again!.headers["x-service-signature"]), endpoint.secret)).toBe(true);

    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after).toMatchObject({ status: "success", attempts: 2, manualAttempts: 1, manualAttemptRequestedAt: null, lastStatusCode: 204, lastError: null });
    expect(after.completedAt!.getTime()).toBeGreaterThanOrEqual(after.lastAttemptAt!.getTime());
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(0);
    const { body } = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    expect(body.data.attempts.map((attempt: { number: number; trigger: string; statusCode: number }) => [attempt.number, attempt.trigger, attempt.statusCode])).toEqual([
      [1, "scheduled", 410],
      [2, "manual", 204],
    ]);
  });

  it("a failed manual attempt changes no state: status, schedule, last response and the endpoint's counters stay", async () => {
    const receiver = await startReceiver(() => ({ status: 500, body: "still down" }));
    const { admin, endpoint, delivery } = await endpointWithDelivery(receiver);
    const db = await getDb();
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "failed", attempts: 5, lastStatusCode: 503, lastError: "Service Unavailable", completedAt: new Date(Date.now() - HOUR), lastAttemptAt: new Date(Date.now() - HOUR) } });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 7 } });
    const before = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });

    expect((await admin.client.post(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`)).status).toBe(202);
    await drainManualAttempts(endpoint.id);

    expect(receiver.requests).toHaveLength(1);
    const after = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after).toEqual({ ...before, attempts: 6, manualAttempts: 1 });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ consecutiveFailures: 7, isActive: true });
    const { body } = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}`);
    expect(body.data.attempts).toEqual([expect.objectContaining({ number: 6, trigger: "manual", statusCode: 500, responseBody: "still down" })]);
  });

  it("on a pending delivery, a successful manual attempt completes it and a failed one leaves its five scheduled attempts", async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    const { admin, endpoint, delivery } = await endpointWithDelivery(receiver);
    const db = await getDb();
    // Not due for an hour: only the manual attempt is made now.
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date(Date.now() + HOUR) } });
    await admin.client.post(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`);
    await drainManualAttempts(endpoint.id);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "pending", attempts: 1, manualAttempts: 1 });
    // Its schedule then runs in full: five scheduled attempts, six in all.
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date() } });
    await drainUntilSettled(db, { endpointId: endpoint.id });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed", attempts: 6, manualAttempts: 1 });
    expect(receiver.requests).toHaveLength(6);
  });

  it("a worker that dies during a manual attempt loses nothing, and no second worker takes it while it is leased", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    const { admin, endpoint, delivery } = await endpointWithDelivery(receiver);
    const db = await getDb();
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "failed", attempts: 5, completedAt: new Date() } });
    await admin.client.post(`/api/app/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`);

    const now = new Date();
    const [taken] = await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, now });
    expect(taken).toMatchObject({ deliveryId: delivery.id, isManual: true });
    // The worker holding it dies here. Until its lease runs out nobody else takes the attempt ...
    expect(await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, now: new Date(now.getTime() + 30_000) })).toEqual([]);
    // ... then exactly one worker does, and its outcome is recorded; the dead worker's would be refused.
    const later = new Date(now.getTime() + 61_000);
    const [retaken] = await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, now: later });
    expect(retaken).toMatchObject({ deliveryId: delivery.id, isManual: true, attempts: 5 });
    const success = nextManualAttemptState(retaken!, { statusCode: 200, error: null, attemptedAt: later }, { now: later });
    expect(await recordOutcomes(db, [{ claimed: taken!, transition: success, now: later }])).toEqual(new Set());
    expect(await recordOutcomes(db, [{ claimed: retaken!, transition: success, now: later }])).toEqual(new Set([delivery.id]));
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "success", attempts: 6, manualAttempts: 1, manualAttemptRequestedAt: null, leaseUntil: null });
  });
});

describe("recover", () => {
  it("answers at once with the count, then works through the failed deliveries a bounded batch a pass", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    const admin = await signUpOrganization({ plan: "pro" });
    // At the fastest rate an endpoint may take, so the rate limit does not set the test's pace.
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), maxRequestsPerSecond: 1000 });
    const db = await getDb();
    // The engine's batch is RECOVERY_BATCH; the drains here take a small one, so that the same rules
    // (a batch a pass, the cursor moving on, the request deleted when done) are shown over a few
    // dozen deliveries instead of over a thousand sent to the receiver.
    const batchSize = 10;
    const count = batchSize * 2 + 5;
    const since = new Date(Date.now() - 2 * DAY);
    const at = (index: number) => new Date(since.getTime() + 1_000 + index * 10);
    const eventRows = Array.from({ length: count + 2 }, (_, index) => ({
      id: `evt_recover_${String(index).padStart(5, "0")}`,
      organizationId: admin.organizationId,
      type: "time_log.created",
      payload: JSON.stringify({ id: `evt_recover_${index}`, type: "time_log.created", createdAt: at(index).toISOString(), data: {} }),
      createdAt: index < count ? at(index) : new Date(since.getTime() - HOUR),
      // Their deliveries are written below, as the fan-out would have.
      fannedOutAt: since,
    }));
    await db.webhookEvent.createMany({ data: eventRows });
    await db.webhookDelivery.createMany({
      data: eventRows.map((event, index) => ({
        id: `dlv_recover_${String(index).padStart(5, "0")}`,
        organizationId: admin.organizationId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: "time_log.created",
        // The last two: one failed before `since`, one that succeeded: neither is recovered.
        status: index === count + 1 ? ("success" as const) : ("failed" as const),
        attempts: 5,
        completedAt: event.createdAt,
        createdAt: event.createdAt,
        nextAttemptAt: event.createdAt,
      })),
    });

    const response = await admin.client.post(`/api/app/webhooks/${endpoint.id}/recover`, { since: since.toISOString() });
    expect(response.status, response.text).toBe(202);
    expect(response.body.data).toEqual({ queued: count });
    // Nothing is sent or marked by the request itself.
    expect(receiver.requests).toHaveLength(0);
    const marked = () => db.webhookDelivery.count({ where: { endpointId: endpoint.id, manualAttemptRequestedAt: { not: null } } });
    expect(await marked()).toBe(0);

    // One pass marks one batch, the oldest first, and keeps its place for the next.
    expect(await markRecoveredDeliveries(db, new Date(), batchSize)).toBe(batchSize);
    expect(await marked()).toBe(batchSize);
    expect(await db.webhookRecovery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({ cursorId: `dlv_recover_${String(batchSize - 1).padStart(5, "0")}` });

    await drainManualAttempts(endpoint.id, { recoveryBatchSize: batchSize });
    expect(receiver.requests).toHaveLength(count);
    expect(new Set(receiver.requests.map((request) => request.headers["x-service-delivery-id"])).size).toBe(count);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: "success" } })).toBe(count + 1);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: `dlv_recover_${String(count).padStart(5, "0")}` } })).toMatchObject({ status: "failed", attempts: 5 });
    expect(await db.webhookRecovery.count({ where: { endpointId: endpoint.id } })).toBe(0);
  });

  it("refuses a since in the future, older than 14 days or not an instant, with the field named", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: "https://recover.example.com/h" });
    for (const since of [new Date(Date.now() + HOUR).toISOString(), new Date(Date.now() - 15 * DAY).toISOString(), "yesterday", 12]) {
      const response = await admin.client.post(`/api/app/webhooks/${endpoint.id}/recover`, { since });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ error: "validation_error", details: [{ field: "since", message: expect.any(String) }] });
    }
    const db = await getDb();
    expect(await db.webhookRecovery.count({ where: { endpointId: endpoint.id } })).toBe(0);
  });
});

describe("test events", () => {
  it("sends a new event of the type with example data and the organization's id, and never touches the endpoint", async () => {
    const receiver = await startReceiver(() => ({ status: 410 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"], consecutiveFailures: 4 });
    const response = await admin.client.post(`/api/app/webhooks/${endpoint.id}/test`, { eventType: "invoice.created" });
    expect(response.status, response.text).toBe(202);
    expect(response.body.data).toMatchObject({ endpointId: endpoint.id, eventType: "invoice.created", status: "pending", attempts: 0, isTest: true });
    const db = await getDb();
    await drainUntilSettled(db, { endpointId: endpoint.id });

    expect(receiver.requests).toHaveLength(1);
    const event = JSON.parse(receiver.requests[0]!.body.toString("utf8"));
    expect(event).toMatchObject({ id: response.body.data.eventId, type: "invoice.created", data: { organizationId: admin.organizationId, invoice: { status: "draft" } } });
    expect(verifyWebhookSignature(receiver.requests[0]!.body.toString("utf8"), String(receiver.requests[0]!.headers["x-service-signature"]), endpoint.secret)).toBe(true);
    // A 410 to a real delivery disables the endpoint; to a test delivery it only fails the delivery.
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: response.body.data.id } })).toMatchObject({ status: "failed", isTest: true });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ isActive: true, consecutiveFailures: 4, disabledAt: null });
    const detail = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries/${response.body.data.id}`);
    expect(detail.body.data).toMatchObject({ isTest: true, attempts: [expect.objectContaining({ number: 1, trigger: "scheduled", statusCode: 410 })] });
  });

  it("refuses an event type outside the catalog", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId);
    const response = await admin.client.post(`/api/app/webhooks/${endpoint.id}/test`, { eventType: "task.created" });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: "eventType", message: "must be one of time_log.created, invoice.created" }]);
  });
});

describe("authorization", () => {
  it("members get 403, other organizations 404, a disabled endpoint 409; nothing changes", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const member = await addMember(admin);
    const stranger = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: "https://auth.example.com/h" });
    const paused = await insertEndpoint(admin.organizationId, { url: "https://paused.example.com/h", isActive: false });
    const db = await getDb();
    await db.webhookEvent.create({ data: { id: "evt_auth_1", organizationId: admin.organizationId, type: "time_log.created", payload: "{}", createdAt: new Date(), fannedOutAt: new Date() } });
    const delivery = await db.webhookDelivery.create({ data: { id: "dlv_auth_1", organizationId: admin.organizationId, endpointId: endpoint.id, eventId: "evt_auth_1", eventType: "time_log.created", status: "failed" } });
    const since = new Date(Date.now() - HOUR).toISOString();
    const calls = (id: string) => [
      ["GET", `/api/app/webhooks/${id}`, undefined],
      ["GET", `/api/app/webhooks/${id}/deliveries/${delivery.id}`, undefined],
      ["POST", `/api/app/webhooks/${id}/deliveries/${delivery.id}/resend`, undefined],
      ["POST", `/api/app/webhooks/${id}/recover`, { since }],
      ["POST", `/api/app/webhooks/${id}/test`, { eventType: "time_log.created" }],
    ] as const;
    const send = (user: SignedInUser, [method, path, body]: readonly [string, string, unknown]) => (method === "GET" ? user.client.get(path) : user.client.post(path, body));

    for (const call of calls(endpoint.id)) {
      const response = await send(member, call);
      expect(response.status, `${call[1]}: ${response.text}`).toBe(403);
      expect(response.body.error).toBe("forbidden");
      const foreign = await send(stranger, call);
      expect(foreign.status, `${call[1]}: ${foreign.text}`).toBe(404);
      expect(foreign.body.error).toBe("not_found");
    }
    // Resend, recover and test on a disabled endpoint: 409, whatever the delivery.
    for (const call of calls(paused.id).slice(2)) {
      const response = await send(admin, call);
      expect(response.status, `${call[1]}: ${response.text}`).toBe(409);
      expect(response.body.error).toBe("conflict");
    }
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ manualAttemptRequestedAt: null, attempts: 0 });
    expect(await db.webhookDelivery.count({ where: { endpointId: paused.id } })).toBe(0);
    expect(await db.webhookRecovery.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    const unknown = await admin.client.post(`/api/app/webhooks/${endpoint.id}/deliveries/dlv_missing/resend`);
    expect(unknown.status).toBe(404);
  });
});

describe("retention", () => {
  it("prunes old attempts and finished events in bounded batches, never pending work", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: "https://retention.example.com/h" });
    const db = await getDb();
    const old = new Date(Date.now() - 40 * DAY);
    const recent = new Date(Date.now() - DAY);
    const seed = async (id: string, createdAt: Date, status: "pending" | "success" | "failed", extra: Record<string, unknown> = {}) => {
      await db.webhookEvent.create({ data: { id: `evt_${id}`, organizationId: admin.organizationId, type: "time_log.created", payload: "{}", createdAt, fannedOutAt: createdAt } });
      await db.webhookDelivery.create({ data: { id: `dlv_${id}`, organizationId: admin.organizationId, endpointId: endpoint.id, eventId: `evt_${id}`, eventType: "time_log.created", status, createdAt, ...extra } });
      await db.webhookAttempt.create({ data: { organizationId: admin.organizationId, endpointId: endpoint.id, deliveryId: `dlv_${id}`, number: 1, trigger: "scheduled", startedAt: createdAt, durationMs: 5, statusCode: 500 } });
    };
    await seed("old_done_1", old, "success");
    await seed("old_done_2", new Date(old.getTime() + 1_000), "failed");
    await seed("old_pending", old, "pending");
    await seed("old_requested", old, "failed", { manualAttemptRequestedAt: new Date() });
    await seed("recent_done", recent, "success");

    expect(await pruneWebhookHistory(db, { retentionDays: 30, batch: 1 })).toEqual({ events: 1, attempts: 1, idempotencyKeys: 0, auditEvents: 0 });
    const result = await pruneWebhookHistory(db, { retentionDays: 30 });
    expect(result.events).toBe(1);
    const events = (await db.webhookEvent.findMany({ where: { organizationId: admin.organizationId }, select: { id: true } })).map((row) => row.id).sort();
    expect(events).toEqual(["evt_old_pending", "evt_old_requested", "evt_recent_done"]);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(3);
    // Old attempts go even when their delivery stays; recent ones stay.
    expect((await db.webhookAttempt.findMany({ where: { endpointId: endpoint.id }, select: { deliveryId: true } })).map((row) => row.deliveryId)).toEqual(["dlv_recent_done"]);
  });
});
