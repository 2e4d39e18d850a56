// Sending and the state tables end to end (contract 2.6, 3.3, 3.4, 6.2-6.5): a real receiver on
// 127.0.0.1, the real outbox, the real drain and a real database.
import { createHmac } from "node:crypto";
import { ISO_TIMESTAMP } from "../../harness/assertions";
import { describe, expect, it } from "vitest";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { enqueueEvent } from "@/server/webhooks/enqueue";
import { USER_AGENT } from "@/server/webhooks/send";
import { verifyWebhookSignature } from "@/webhooks/verify";
import { createEndpoint, createOrganization, drainUntilSettled, emit, timeLogData, useEngineDatabase } from "../../harness/webhook-engine";
import { Receiver, useReceivers, type ReceivedRequest } from "../../harness/receiver";

const receiver = useReceivers();
// Each test starts from an empty queue.
const { db } = await useEngineDatabase();

/** Independent of src/: HMAC-SHA256 keyed by the whole secret over "<t>.<raw body>". */
function expectSignedBy(request: ReceivedRequest, secret: string) {
  const header = request.headers["x-service-signature"] as string;
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, t, v1] = match!;
  expect(Math.abs(Number(t) - request.receivedAt / 1000)).toBeLessThan(5);
  expect(v1).toBe(createHmac("sha256", secret).update(`${t}.`).update(request.body).digest("hex"));
  expect(verifyWebhookSignature(request.body, header, secret)).toBe(true);
  expect(verifyWebhookSignature(request.body, header, `${secret}0`)).toBe(false);
}

/** Brings a retry forward instead of waiting for its backoff. */
const makeDue = (id: string) => db.webhookDelivery.update({ where: { id }, data: { nextAttemptAt: new Date() } });

describe("a delivery request", () => {
  it("POSTs the stored body with exactly the contract headers, signed with the endpoint secret", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url("/orbit/hooks?source=test"));
    const { eventId, deliveryIds } = await emit(db, organizationId);

    const counts = await drainDueDeliveries(db);
    expect(counts).toEqual({ claimed: 1, succeeded: 1, retried: 0, failed: 0 });
    expect(hook.requests).toHaveLength(1);
    const request = hook.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/orbit/hooks?source=test");
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(request.body.equals(Buffer.from(event.payload, "utf8"))).toBe(true);

    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["content-length"]).toBe(String(request.body.length));
    expect(request.headers["user-agent"]).toBe(USER_AGENT);
    expect(request.headers["x-service-event-type"]).toBe("time_log.created");
    expect(request.headers["x-service-event-id"]).toBe(eventId);
    expect(request.headers["x-service-delivery-id"]).toBe(deliveryIds[0]);
    expect(request.headers.host).toBe(`127.0.0.1:${hook.port}`);
    expect(request.headerNames.map((name) => name.toLowerCase()).sort()).toEqual(
      ["connection", "content-length", "content-type", "host", "user-agent", "x-service-delivery-id", "x-service-event-id", "x-service-event-type", "x-service-signature", "webhook-id", "webhook-timestamp", "webhook-signature"].sort(),
    );
    expectSignedBy(request, endpoint.secret);

    const body = JSON.parse(request.body.toString("utf8"));
    expect(Object.keys(body)).toEqual(["id", "type", "createdAt", "data"]);
    expect(body).toEqual({ id: eventId, type: "time_log.created", createdAt: expect.stringMatching(ISO_TIMESTAMP), data: timeLogData(organizationId) && expect.any(Object) });
    expect(body.data.timeLog.description).toBe("Writing the café menu ✓");
  });

  it("keeps the endpoint's hostname in Host while connecting to the checked address (http://localhost in development)", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, `http://localhost:${hook.port}/hook`);
    await emit(db, organizationId);
    const counts = await drainDueDeliveries(db);
    expect(counts.succeeded).toBe(1);
    expect(hook.requests[0]!.headers.host).toBe(`localhost:${hook.port}`);
  });
});

describe("state table 3.3 and 3.4", () => {
  it("queued: one pending delivery per active endpoint subscribed to the type, one shared event id, distinct delivery ids", async () => {
    const [a, b, c, d, e] = await Promise.all([receiver(), receiver(), receiver(), receiver(), receiver()]);
    const organizationId = await createOrganization(db);
    const otherOrganizationId = await createOrganization(db, "Other");
    const onlyTimeLogs = await createEndpoint(db, organizationId, a!.url(), { eventTypes: ["time_log.created"] });
    const both = await createEndpoint(db, organizationId, b!.url(), { eventTypes: ["invoice.created", "time_log.created"] });
    await createEndpoint(db, organizationId, c!.url(), { eventTypes: ["invoice.created"] });
    await createEndpoint(db, organizationId, d!.url(), { eventTypes: ["time_log.created"], isActive: false });
    await createEndpoint(db, otherOrganizationId, e!.url(), { eventTypes: ["time_log.created"] });

    const before = Date.now();
    const { eventId, deliveryIds } = await emit(db, organizationId);
    const rows = await db.webhookDelivery.findMany({ where: { eventId } });
    expect(rows.map((row) => row.endpointId).sort()).toEqual([onlyTimeLogs.id, both.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ organizationId, eventType: "time_log.created", status: "pending", attempts: 0, lastStatusCode: null, lastError: null, lastAttemptAt: null, completedAt: null, leaseUntil: null });
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5);
    }
    expect(new Set(deliveryIds).size).toBe(2);
    expect(rows.map((row) => row.id).sort()).toEqual([...deliveryIds].sort());

    expect(await drainDueDeliveries(db)).toEqual({ claimed: 2, succeeded: 2, retried: 0, failed: 0 });
    expect([c!, d!, e!].map((hook) => hook.requests.length)).toEqual([0, 0, 0]);
    const [toA, toB] = [a!.requests, b!.requests];
    expect(toA).toHaveLength(1);
    expect(toB).toHaveLength(1);
    expect(toA[0]!.headers["x-service-event-id"]).toBe(eventId);
    expect(toB[0]!.headers["x-service-event-id"]).toBe(eventId);
    expect(JSON.parse(toA[0]!.body.toString()).id).toBe(eventId);
    expect(toA[0]!.body.equals(toB[0]!.body)).toBe(true);
    const sentIds = [toA[0]!.headers["x-service-delivery-id"], toB[0]!.headers["x-service-delivery-id"]];
    expect(sentIds[0]).not.toBe(sentIds[1]);
    expect(sentIds).toEqual([rows.find((row) => row.endpointId === onlyTimeLogs.id)!.id, rows.find((row) => row.endpointId === both.id)!.id]);
    expectSignedBy(toA[0]!, onlyTimeLogs.secret);
    expectSignedBy(toB[0]!, both.secret);
  });

  it("pending → success on a 2xx: completedAt set, the endpoint's consecutiveFailures back to 0", async () => {
    const hook = await receiver(() => ({ status: 202 }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url(), { consecutiveFailures: 7 });
    const { deliveryIds } = await emit(db, organizationId);
    const before = Date.now();
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 1, succeeded: 1, retried: 0, failed: 0 });
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "success", attempts: 1, lastStatusCode: 202, lastError: null, leaseUntil: null });
    expect(row.completedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.lastAttemptAt!.getTime()).toBeLessThanOrEqual(row.completedAt!.getTime());
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ consecutiveFailures: 0, isActive: true, disabledAt: null });
  });

  it("pending → pending on a non-2xx with attempts left: due after base × 4^(n-1) ± 20%, not sent before", async () => {
    const hook = await receiver(() => ({ status: 503, body: "maintenance" }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url(), { consecutiveFailures: 3 });
    const { deliveryIds } = await emit(db, organizationId);
    const before = Date.now();
    expect(await drainDueDeliveries(db, { retryBaseSeconds: 30 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    const after = Date.now();
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503, lastError: "maintenance", completedAt: null, leaseUntil: null });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 24_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 36_000);
    expect(await drainDueDeliveries(db, { retryBaseSeconds: 30 })).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    expect(hook.requests).toHaveLength(1);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(3);

    // The second failure waits four times the base.
    await makeDue(deliveryIds[0]!);
    const secondBefore = Date.now();
    await drainDueDeliveries(db, { retryBaseSeconds: 30 });
    const second = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(secondBefore + 96_000);
    expect(second.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 144_000);
  });

  it("retries with a tiny base until a 2xx, with the same delivery id, body bytes and a fresh signature each attempt", async () => {
    const hook = await receiver((_request, index) => (index < 2 ? { status: 500, body: `fail ${index}` } : { status: 200 }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds, eventId } = await emit(db, organizationId);
    const totals = await drainUntilSettled(db, { organizationId });
    expect(totals).toEqual({ claimed: 3, succeeded: 1, retried: 2, failed: 0 });
    expect(hook.requests).toHaveLength(3);
    for (const request of hook.requests) {
      expect(request.headers["x-service-delivery-id"]).toBe(deliveryIds[0]);
      expect(request.headers["x-service-event-id"]).toBe(eventId);
      expect(request.body.equals(hook.requests[0]!.body)).toBe(true);
      expectSignedBy(request, endpoint.secret);
    }
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ status: "success", attempts: 3, lastStatusCode: 200, lastError: null });
  });

  it("pending → failed after the fifth failed attempt: completedAt set, consecutiveFailures + 1, endpoint still active", async () => {
    const hook = await receiver(() => ({ status: 500, body: "still broken" }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url(), { consecutiveFailures: 4 });
    const { deliveryIds } = await emit(db, organizationId);
    const totals = await drainUntilSettled(db, { organizationId });
    expect(totals).toEqual({ claimed: 5, succeeded: 0, retried: 4, failed: 1 });
    expect(hook.requests).toHaveLength(5);
    expect(new Set(hook.requests.map((request) => request.headers["x-service-delivery-id"]))).toEqual(new Set(deliveryIds));
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "failed", attempts: 5, lastStatusCode: 500, lastError: "still broken", leaseUntil: null });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ consecutiveFailures: 5, isActive: true, disabledAt: null });
    // Terminal: never sent again.
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
  });

  it("410: not retried, delivery failed, endpoint disabled at once; its other deliveries pause", async () => {
    const hook = await receiver(() => ({ status: 410, body: "gone" }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url(), { consecutiveFailures: 2 });
    const first = await emit(db, organizationId);
    const before = Date.now();
    expect(await drainDueDeliveries(db, { concurrency: 1 })).toMatchObject({ succeeded: 0, retried: 0, failed: 1 });
    expect(hook.requests).toHaveLength(1);
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { id: { in: first.deliveryIds } } });
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 410, lastError: "gone" });
    expect(row.completedAt!.getTime()).toBeGreaterThanOrEqual(before);
    const disabled = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(disabled).toMatchObject({ isActive: false, consecutiveFailures: 3 });
    expect(disabled.disabledAt!.getTime()).toBeGreaterThanOrEqual(before);

    // A disabled endpoint gets no new deliveries, and a pending one waits.
    const afterDisable = await emit(db, organizationId);
    expect(afterDisable.deliveryIds).toEqual([]);
    await db.webhookDelivery.create({ data: { id: "dlv_paused", organizationId, endpointId: endpoint.id, eventId: afterDisable.eventId, eventType: "time_log.created" } });
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    expect(hook.requests).toHaveLength(1);
  });

  // 40 deliveries of five attempts each: generous on a busy machine.
  it("20 consecutive failed deliveries disable the endpoint; one success between resets the count", { timeout: 180_000 }, async () => {
    let isFailing = true;
    const hook = await receiver(() => (isFailing ? { status: 500 } : { status: 200 }));
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url());
    const endpointRow = () => db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });

    for (let index = 0; index < 19; index += 1) await emit(db, organizationId);
    expect(await drainUntilSettled(db, { organizationId })).toMatchObject({ failed: 19, succeeded: 0 });
    expect(await endpointRow()).toMatchObject({ consecutiveFailures: 19, isActive: true, disabledAt: null });

    isFailing = false;
    await emit(db, organizationId);
    expect(await drainUntilSettled(db, { organizationId })).toMatchObject({ succeeded: 1 });
    expect(await endpointRow()).toMatchObject({ consecutiveFailures: 0, isActive: true });

    isFailing = true;
    for (let index = 0; index < 19; index += 1) await emit(db, organizationId);
    expect(await drainUntilSettled(db, { organizationId })).toMatchObject({ failed: 19 });
    expect(await endpointRow()).toMatchObject({ consecutiveFailures: 19, isActive: true, disabledAt: null });

    await emit(db, organizationId);
    const before = Date.now();
    expect(await drainUntilSettled(db, { organizationId })).toMatchObject({ failed: 1 });
    const disabled = await endpointRow();
    expect(disabled).toMatchObject({ consecutiveFailures: 20, isActive: false });
    expect(disabled.disabledAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(hook.requests).toHaveLength(39 * 5 + 1);
  });

  it("deliveries of a disabled endpoint pause and resume when isActive is set back to true", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: false, disabledAt: new Date() } });
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    expect(hook.requests).toHaveLength(0);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ status: "pending", attempts: 0 });

    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: true, disabledAt: null, consecutiveFailures: 0 } });
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 1, succeeded: 1, retried: 0, failed: 0 });
    expect(hook.requests.map((request) => request.headers["x-service-delivery-id"])).toEqual(deliveryIds);
  });
});

describe("failed attempts", () => {
  it("a 3xx is a failed attempt and the redirect is not followed", async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url("/elsewhere") } }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, redirecting.url());
    const { deliveryIds } = await emit(db, organizationId);
    expect(await drainDueDeliveries(db, { retryBaseSeconds: 60 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    // A followed redirect would be part of the attempt: the target would have answered before the drain returned.
    expect(redirecting.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 302 });
    expect(row.lastError).toMatch(/302/);
  });

  it("a 307 and a 301 are failed attempts too", async () => {
    const target = await receiver();
    let status = 307;
    const redirecting = await receiver(() => ({ status, headers: { location: target.url() }, body: "moved" }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, redirecting.url());
    const { deliveryIds } = await emit(db, organizationId);
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    status = 301;
    await makeDue(deliveryIds[0]!);
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    expect(target.requests).toHaveLength(0);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 301, lastError: "moved" });
  });

  it("an attempt that gets no answer within the timeout fails with lastStatusCode null", async () => {
    const answerDelayMs = 10_000;
    const hook = await receiver(() => ({ status: 200, delayMs: answerDelayMs }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    const started = Date.now();
    expect(await drainDueDeliveries(db, { timeoutMs: 300, retryBaseSeconds: 60 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // Given up before the answer came, however slow the machine.
    expect(elapsed).toBeLessThan(answerDelayMs);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(row.lastError).toBe("timeout: no response within 300 ms");
  });

  it("keeps at most 1 KB of the response body in lastError, cut on a character boundary", async () => {
    let body = "x".repeat(5_000);
    const hook = await receiver(() => ({ status: 500, body }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    const lastError = async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).lastError!;

    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    expect(await lastError()).toBe("x".repeat(1024));

    body = `a${"é".repeat(3_000)}`;
    await makeDue(deliveryIds[0]!);
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    const multibyte = await lastError();
    expect(Buffer.byteLength(multibyte)).toBe(1023);
    expect(multibyte).toBe(`a${"é".repeat(511)}`);

    body = "bad\u0000byte";
    await makeDue(deliveryIds[0]!);
    await drainDueDeliveries(db, { retryBaseSeconds: 60 });
    expect(await lastError()).toBe("badbyte");
  });

  it("a non-2xx with an empty body records the status as lastError", async () => {
    const hook = await receiver(() => ({ status: 418 }));
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    await drainDueDeliveries(db);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } })).toMatchObject({ lastStatusCode: 418, lastError: "HTTP 418" });
  });

  it("a network error records lastStatusCode null and the error", async () => {
    const closed = await Receiver.start();
    const url = closed.url();
    await closed.close();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, url);
    const { deliveryIds } = await emit(db, organizationId);
    expect(await drainDueDeliveries(db, { retryBaseSeconds: 60 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
  });

  it("a connection dropped before any response is a network error", async () => {
    const hook = await receiver(() => new Promise(() => {}));
    hook.respond = () => {
      hook["server"].closeAllConnections();
      return new Promise(() => {});
    };
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    const { deliveryIds } = await emit(db, organizationId);
    expect(await drainDueDeliveries(db, { retryBaseSeconds: 60, timeoutMs: 2_000 })).toMatchObject({ retried: 1 });
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ lastStatusCode: null });
    expect(row.lastError).toMatch(/socket hang up|ECONNRESET/);
  });
});

describe("destination checks at send time", () => {
  it.each([
    ["plain http outside development", "http://127.0.0.1:{port}/hook", false],
    ["https to loopback", "https://127.0.0.1:{port}/hook", true],
    ["https to localhost", "https://localhost:{port}/hook", true],
    ["a private address", "https://10.0.0.1/hook", true],
    ["a link-local address", "https://169.254.169.254/latest/meta-data", true],
    ["an IPv4-mapped loopback", "https://[::ffff:127.0.0.1]:{port}/hook", true],
  ])("refuses %s without connecting", async (_label, template, allowLoopbackHttp) => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, template.replace("{port}", String(hook.port)));
    const { deliveryIds } = await emit(db, organizationId);
    expect(await drainDueDeliveries(db, { allowLoopbackHttp, retryBaseSeconds: 60, timeoutMs: 1_000 })).toEqual({ claimed: 1, succeeded: 0, retried: 1, failed: 0 });
    expect(hook.requests).toHaveLength(0);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: null });
    expect(row.lastError).toMatch(/^destination refused: /);
  });
});

describe("transactional outbox", () => {
  it("a transaction that enqueues and then throws leaves no event and no delivery, and nothing is sent", async () => {
    const hook = await receiver();
    const organizationId = await createOrganization(db);
    await createEndpoint(db, organizationId, hook.url());
    let eventId: string | undefined;
    await expect(
      db.$transaction(async (tx) => {
        eventId = (await enqueueEvent(tx, { organizationId, type: "time_log.created", data: timeLogData(organizationId) })).eventId;
        // A single event's delivery is written in the producer's transaction, with it.
        expect(await tx.webhookEvent.count({ where: { id: eventId } })).toBe(1);
        expect(await tx.webhookDelivery.count({ where: { eventId } })).toBe(1);
        throw new Error("the time log could not be saved");
      }),
    ).rejects.toThrow("the time log could not be saved");
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(await db.webhookEvent.count({ where: { id: eventId } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { eventId } })).toBe(0);
    expect(await drainDueDeliveries(db)).toEqual({ claimed: 0, succeeded: 0, retried: 0, failed: 0 });
    expect(hook.requests).toHaveLength(0);
  });
});
