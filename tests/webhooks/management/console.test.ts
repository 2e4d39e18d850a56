// The webhooks console's reads: endpoints with their last 24 hours and why they are disabled, the
// delivery log filtered by status, and one delivery with its event body and request headers.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addMember, signUpOrganization, type SignedInUser } from "../../harness/factories";
import { getDb } from "@/server/db";
import { openBrowser } from "../../harness/web-client";
import { PASSWORD } from "../../harness/factories";
import { failureOf } from "../../harness/app-sessions";
import { createEndpoint, insertEndpoint, seedDeliveries, stubDns } from "../../harness/webhook-endpoints";
import { expectAppErrorEnvelope } from "../../harness/assertions";

let dnsStub: ReturnType<typeof stubDns>;
beforeEach(() => {
  dnsStub = stubDns();
});
afterEach(() => dnsStub.restore());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** The same user in the web app's tRPC client. */
async function inBrowser(user: SignedInUser) {
  const browser = openBrowser();
  await browser.api.auth.logIn.mutate({ email: user.email, password: PASSWORD });
  return browser.api;
}

describe("webhooks.overview", () => {
  it("gives each endpoint its deliveries attempted and finished in the last 24 hours, and why it is not active", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const busy = await createEndpoint(admin);
    const paused = await insertEndpoint(admin.organizationId, { url: "https://paused.example.com/h", isActive: false });
    // Rows as the engine leaves them: the reason is stored when an endpoint is disabled.
    const failing = await insertEndpoint(admin.organizationId, { url: "https://failing.example.com/h", isActive: false, disabledAt: ago(HOUR), consecutiveFailures: 20, disabledReason: "consecutive_failures" });
    const gone = await insertEndpoint(admin.organizationId, { url: "https://gone.example.com/h", isActive: false, disabledAt: ago(HOUR), consecutiveFailures: 3, disabledReason: "gone" });
    await seedDeliveries(admin.organizationId, busy.id, [
      { createdAt: ago(2 * HOUR), status: "success", completedAt: ago(2 * HOUR), attemptedAt: ago(2 * HOUR) },
      { createdAt: ago(3 * HOUR), status: "success", completedAt: ago(HOUR), attemptedAt: ago(HOUR) },
      { createdAt: ago(5 * HOUR), status: "failed", completedAt: ago(4 * HOUR), attemptedAt: ago(4 * HOUR) },
      { createdAt: ago(30 * HOUR), status: "success", completedAt: ago(25 * HOUR), attemptedAt: ago(25 * HOUR) },
      { createdAt: ago(HOUR), status: "pending" },
    ]);
    await seedDeliveries(admin.organizationId, failing.id, [{ createdAt: ago(HOUR), status: "failed", completedAt: ago(HOUR), attemptedAt: ago(HOUR) }]);
    const stranger = await signUpOrganization({ plan: "pro" });
    const theirs = await createEndpoint(stranger);
    await seedDeliveries(stranger.organizationId, theirs.id, [{ createdAt: ago(HOUR), status: "success", completedAt: ago(HOUR), attemptedAt: ago(HOUR) }]);

    const overview = await (await inBrowser(admin)).webhooks.overview.query();
    const byId = new Map(overview.map((endpoint) => [endpoint.id, endpoint]));
    expect(overview.map((endpoint) => endpoint.id)).toEqual([gone.id, failing.id, paused.id, busy.id]);
    expect(byId.get(busy.id)).toMatchObject({ url: busy.url, isActive: true, disabledReason: null, last24h: { success: 2, failed: 1 } });
    // The same rows give the health its figures: the latest attempt (1 hour ago) succeeded.
    expect(byId.get(busy.id)!.health).toMatchObject({ state: "healthy", attempts24h: 3, failedAttempts24h: 1, deliveries24h: { succeeded: 2, failed: 1, retrying: 0 }, consecutiveFailures: 0 });
    expect(byId.get(paused.id)).toMatchObject({ disabledReason: "manual", last24h: { success: 0, failed: 0 }, health: { state: "paused" } });
    expect(byId.get(failing.id)).toMatchObject({ disabledReason: "consecutive_failures", consecutiveFailures: 20, last24h: { success: 0, failed: 1 }, health: { state: "disabled", consecutiveFailures: 20 } });
    expect(byId.get(gone.id)).toMatchObject({ disabledReason: "gone", health: { state: "disabled" } });
  });

  it("is for admins only", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const member = await addMember(admin);
    expect((await failureOf((await inBrowser(member)).webhooks.overview.query())).code).toBe("forbidden");
  });
});

describe("GET /api/app/webhooks/:id/deliveries?status=", () => {
  it("filters by status, newest first, and pages within the filter", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const base = Date.parse("2026-05-01T12:00:00.000Z");
    const rows = await seedDeliveries(
      admin.organizationId,
      endpoint.id,
      ["failed", "success", "failed", "pending", "failed"].map((status, index) => ({
        createdAt: new Date(base + index * 1000),
        status: status as "failed" | "success" | "pending",
        completedAt: status === "pending" ? null : new Date(base + index * 1000),
      })),
    );
    const failedIds = [rows[4]!.id, rows[2]!.id, rows[0]!.id];
    const page1 = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?status=failed&limit=2`);
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data.map((row: { id: string }) => row.id)).toEqual(failedIds.slice(0, 2));
    const page2 = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?status=failed&limit=2&cursor=${page1.body.pagination.cursor}`);
    expect(page2.body.data.map((row: { id: string }) => row.id)).toEqual(failedIds.slice(2));
    expect(page2.body.pagination).toEqual({ hasMore: false });
    const successes = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?status=success`);
    expect(successes.body.data.map((row: { id: string }) => row.id)).toEqual([rows[1]!.id]);

    const invalid = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?status=done`);
    expectAppErrorEnvelope(invalid, 400, "validation_error");
    expect(invalid.body.details).toEqual([{ field: "status", message: "must be pending, success or failed" }]);
  });
});

describe("webhooks.delivery", () => {
  it("shows the delivery with its event body and the request headers its attempts carry", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const db = await getDb();
    const payload = JSON.stringify({ id: "evt_console", type: "invoice.created", createdAt: "2026-05-01T12:00:00.000Z", data: { invoice: { number: "INV-0001" } } });
    await db.webhookEvent.create({ data: { id: "evt_console", organizationId: admin.organizationId, type: "invoice.created", payload, createdAt: new Date("2026-05-01T12:00:00.000Z"), fannedOutAt: new Date("2026-05-01T12:00:00.000Z") } });
    await db.webhookDelivery.create({
      data: {
        id: "dlv_console",
        organizationId: admin.organizationId,
        endpointId: endpoint.id,
        eventId: "evt_console",
        eventType: "invoice.created",
        status: "failed",
        attempts: 5,
        lastStatusCode: 503,
        lastError: "Service Unavailable",
        lastAttemptAt: new Date("2026-05-01T13:00:00.000Z"),
        completedAt: new Date("2026-05-01T13:00:00.000Z"),
      },
    });
    const api = await inBrowser(admin);
    const detail = await api.webhooks.delivery.query({ id: endpoint.id, deliveryId: "dlv_console" });
    expect(detail).toMatchObject({
      id: "dlv_console",
      endpointId: endpoint.id,
      endpointUrl: endpoint.url,
      status: "failed",
      isTest: false,
      attempts: [],
      lastStatusCode: 503,
      lastError: "Service Unavailable",
      nextAttemptAt: null,
      event: { id: "evt_console", type: "invoice.created", createdAt: "2026-05-01T12:00:00.000Z", data: { invoice: { number: "INV-0001" } } },
    });
    expect(Object.fromEntries(detail.requestHeaders.map((header) => [header.name, header.value]))).toEqual({
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(payload)),
      "User-Agent": "Orbit-Webhooks/1.0",
      "X-Service-Signature": expect.stringContaining("HMAC-SHA256"),
      "X-Service-Event-Type": "invoice.created",
      "X-Service-Event-Id": "evt_console",
      "X-Service-Delivery-Id": "dlv_console",
      "webhook-id": "evt_console",
      "webhook-timestamp": expect.stringContaining("unix time"),
      "webhook-signature": expect.stringMatching(/^v1,.*HMAC-SHA256/),
    });
    expect(JSON.stringify(detail)).not.toContain(endpoint.secret);

    const other = await createEndpoint(admin);
    expect((await failureOf(api.webhooks.delivery.query({ id: other.id, deliveryId: "dlv_console" }))).code).toBe("not_found");
    const stranger = await signUpOrganization({ plan: "pro" });
    expect((await failureOf((await inBrowser(stranger)).webhooks.delivery.query({ id: endpoint.id, deliveryId: "dlv_console" }))).code).toBe("not_found");
  });
});

describe("webhooks.secret", () => {
  it("gives the secret on its own; the polled endpoint read leaves it out", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const api = await inBrowser(admin);
    expect(await api.webhooks.secret.query({ id: endpoint.id })).toEqual({ id: endpoint.id, secret: endpoint.secret });
    const detail = await api.webhooks.get.query({ id: endpoint.id });
    expect(detail).toMatchObject({ id: endpoint.id, url: endpoint.url });
    expect(JSON.stringify(detail)).not.toContain(endpoint.secret);
    // The in-app REST read still answers with it.
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data).toMatchObject({ id: endpoint.id, secret: endpoint.secret });
  });

  it("is for admins of the endpoint's organization only", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const member = await addMember(admin);
    expect((await failureOf((await inBrowser(member)).webhooks.secret.query({ id: endpoint.id }))).code).toBe("forbidden");
    const stranger = await signUpOrganization({ plan: "pro" });
    expect((await failureOf((await inBrowser(stranger)).webhooks.secret.query({ id: endpoint.id }))).code).toBe("not_found");
  });
});
