// Secret rotation and failure notices (app-api section 8) on real attempts to a real receiver: the
// signatures checked by three independent verifiers (ours, Stripe's SDK and the standardwebhooks
// library) before, during and after a rotation; notices at 5, 10 and 15 consecutive failures and on
// disabling, listed and marked read over HTTP, and mailed to the admins through a real SMTP server.
import { Webhook } from "standardwebhooks";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { verifyWebhookSignature } from "@/webhooks/verify";
import { claimDueDeliveries } from "@/server/webhooks/claim";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { recordOutcome } from "@/server/webhooks/record";
import { nextDeliveryState } from "@/server/webhooks/state";
import { addMember, signUpOrganization } from "../../harness/factories";
import { useMailCapture } from "../../harness/smtp";
import { insertEndpoint } from "../../harness/webhook-endpoints";
import { emit, getDb, useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers, type Receiver, type ReceivedRequest } from "../../harness/receiver";

beforeAll(() => useEngineEnvironment());

const startReceiver = useReceivers();

const stripe = new Stripe("sk_test_orbit_signature_check_only");

/** Whether each verifier accepts `request` under `secret`: ours, Stripe's, Standard Webhooks'. */
function verifiers(request: ReceivedRequest, secret: string) {
  const body = request.body.toString("utf8");
  const header = String(request.headers["x-service-signature"]);
  const stripeAccepts = (() => {
    try {
      stripe.webhooks.constructEvent(body, header, secret);
      return true;
    } catch {
      return false;
    }
  })();
  const standardAccepts = (() => {
    try {
      new Webhook(secret).verify(body, request.headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  })();
  return { orbit: verifyWebhookSignature(body, header, secret), stripe: stripeAccepts, standard: standardAccepts };
}

const ALL = { orbit: true, stripe: true, standard: true };
const NONE = { orbit: false, stripe: false, standard: false };

describe("secret rotation", () => {
  it("signs with both secrets during the overlap and only the new one after it, as every verifier sees", async () => {
    const receiver = await startReceiver();
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
    const db = await getDb();
    const original = endpoint.secret;

    await emit(db, admin.organizationId);
    await drainDueDeliveries(db);
    expect(verifiers(receiver.requests[0]!, original)).toEqual(ALL);

    const rotated = await admin.client.post(`/api/app/webhooks/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status, rotated.text).toBe(200);
    const fresh: string = rotated.body.data.secret;
    expect(fresh).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(fresh).not.toBe(original);
    const expiresAt = Date.parse(rotated.body.data.previousSecretExpiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(rotated.body.data).toMatchObject({ id: endpoint.id, url: endpoint.url, isActive: true });
    const detail = await admin.client.get(`/api/app/webhooks/${endpoint.id}`);
    expect(detail.body.data).toMatchObject({ secret: fresh, previousSecretExpiresAt: rotated.body.data.previousSecretExpiresAt });

    await emit(db, admin.organizationId);
    await drainDueDeliveries(db);
    const during = receiver.requests[1]!;
    expect(String(during.headers["x-service-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifiers(during, fresh)).toEqual(ALL);
    expect(verifiers(during, original)).toEqual(ALL);

    // The overlap ends (its end moved into the past instead of waiting a day).
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1_000) } });
    await emit(db, admin.organizationId);
    await drainDueDeliveries(db);
    const after = receiver.requests[2]!;
    expect(String(after.headers["x-service-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifiers(after, fresh)).toEqual(ALL);
    expect(verifiers(after, original)).toEqual(NONE);
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}`)).body.data.previousSecretExpiresAt).toBeNull();
  });

  it("with overlapSeconds 0 the old secret stops at once", async () => {
    const receiver = await startReceiver();
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
    const rotated = await admin.client.post(`/api/app/webhooks/${endpoint.id}/rotate-secret`, { overlapSeconds: 0 });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.data.previousSecretExpiresAt).toBeNull();
    const db = await getDb();
    await emit(db, admin.organizationId);
    await drainDueDeliveries(db);
    expect(verifiers(receiver.requests[0]!, rotated.body.data.secret)).toEqual(ALL);
    expect(verifiers(receiver.requests[0]!, endpoint.secret)).toEqual(NONE);
  });

  it("refuses a bad overlap with the field named; members get 403 and other organizations 404", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId);
    for (const overlapSeconds of [86_401, -1, 1.5, "60", null]) {
      const response = await admin.client.post(`/api/app/webhooks/${endpoint.id}/rotate-secret`, { overlapSeconds });
      expect(response.status, `${overlapSeconds}: ${response.text}`).toBe(400);
      expect(response.body.details).toEqual([{ field: "overlapSeconds", message: expect.any(String) }]);
    }
    const member = await addMember(admin);
    expect((await member.client.post(`/api/app/webhooks/${endpoint.id}/rotate-secret`, {})).status).toBe(403);
    const stranger = await signUpOrganization({ plan: "pro" });
    expect((await stranger.client.post(`/api/app/webhooks/${endpoint.id}/rotate-secret`, {})).status).toBe(404);
    const db = await getDb();
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secret).toBe(endpoint.secret);
  });
});

/** Fails one delivery terminally (its fifth attempt) for `endpointId`, with `status`. */
async function failOnce(endpointId: string, organizationId: string, receiver: Receiver, status: number) {
  const db = await getDb();
  receiver.respond = () => ({ status, body: `HTTP ${status} from the receiver` });
  const { deliveryIds } = await emit(db, organizationId);
  await db.webhookDelivery.updateMany({ where: { id: { in: deliveryIds }, endpointId }, data: { attempts: 4 } });
  await drainDueDeliveries(db);
}

describe("failure notices", () => {
  it("are written at 5, 10 and 15 consecutive failures and on disabling, listed newest first and marked read", async () => {
    const receiver = await startReceiver();
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
    for (let failures = 1; failures <= 20; failures += 1) await failOnce(endpoint.id, admin.organizationId, receiver, 500);
    const db = await getDb();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ isActive: false, consecutiveFailures: 20 });

    const list = await admin.client.get("/api/app/notifications");
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((notice: { kind: string; consecutiveFailures: number; reason: string | null }) => [notice.kind, notice.consecutiveFailures, notice.reason])).toEqual([
      ["webhook_disabled", 20, "consecutive_failures"],
      ["webhook_failing", 15, null],
      ["webhook_failing", 10, null],
      ["webhook_failing", 5, null],
    ]);
    // A notice lists every kind's fields; a budget's are null on a webhook notice.
    expect(Object.keys(list.body.data[0]).sort()).toEqual(["budgetPeriod", "consecutiveFailures", "constellationId", "createdAt", "endpointId", "endpointUrl", "id", "kind", "readAt", "reason", "thresholdPercent"]);
    expect(list.body.data[0]).toMatchObject({ budgetPeriod: null, constellationId: null, thresholdPercent: null });
    expect(list.body.data[0]).toMatchObject({ endpointId: endpoint.id, endpointUrl: endpoint.url, readAt: null });

    const page = await admin.client.get("/api/app/notifications?limit=3");
    expect(page.body.data).toHaveLength(3);
    expect(page.body.pagination.hasMore).toBe(true);
    const rest = await admin.client.get(`/api/app/notifications?limit=3&cursor=${page.body.pagination.cursor}`);
    expect(rest.body.data.map((notice: { consecutiveFailures: number }) => notice.consecutiveFailures)).toEqual([5]);

    const read = await admin.client.post(`/api/app/notifications/${list.body.data[0].id}/read`);
    expect(read.status, read.text).toBe(200);
    expect(Date.parse(read.body.data.readAt)).toBeGreaterThan(0);
    expect((await admin.client.post(`/api/app/notifications/${list.body.data[0].id}/read`)).body.data.readAt).toBe(read.body.data.readAt);

    const member = await addMember(admin);
    expect((await member.client.get("/api/app/notifications")).status).toBe(403);
    const stranger = await signUpOrganization({ plan: "pro" });
    expect((await stranger.client.get("/api/app/notifications")).body.data).toEqual([]);
    expect((await stranger.client.post(`/api/app/notifications/${list.body.data[1].id}/read`)).status).toBe(404);
    expect((await db.notification.findUniqueOrThrow({ where: { id: list.body.data[1].id } })).readAt).toBeNull();
  });

  it("a 410 disables with reason gone; test deliveries and manual attempts raise none", async () => {
    const receiver = await startReceiver(() => ({ status: 410 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"], consecutiveFailures: 4 });
    const test = await admin.client.post(`/api/app/webhooks/${endpoint.id}/test`, { eventType: "time_log.created" });
    expect(test.status).toBe(202);
    const db = await getDb();
    await drainDueDeliveries(db);
    expect(await db.notification.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    await emit(db, admin.organizationId);
    await drainDueDeliveries(db);
    const notices = await db.notification.findMany({ where: { organizationId: admin.organizationId } });
    expect(notices).toEqual([expect.objectContaining({ kind: "webhook_disabled", reason: "gone", consecutiveFailures: 5, endpointId: endpoint.id })]);
  });

  it("concurrent terminal failures write each notice exactly once", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: "https://concurrent.example.com/h", eventTypes: ["time_log.created"], consecutiveFailures: 3 });
    const db = await getDb();
    for (let index = 0; index < 4; index += 1) await emit(db, admin.organizationId);
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { attempts: 4 } });
    const claimed = await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, limits: { endpointMaxInFlight: 10, organizationMaxInFlight: 10 } });
    expect(claimed).toHaveLength(4);
    const now = new Date();
    await Promise.all(
      claimed.map((delivery) =>
        recordOutcome(db, delivery, nextDeliveryState(delivery, { statusCode: 500, error: "down", attemptedAt: now }, { now, retryBaseSeconds: 60, random: () => 0.5 }), now),
      ),
    );
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).consecutiveFailures).toBe(7);
    expect(await db.notification.findMany({ where: { endpointId: endpoint.id }, select: { kind: true, consecutiveFailures: true } })).toEqual([{ kind: "webhook_failing", consecutiveFailures: 5 }]);
  });
});

describe("failure notice mail", () => {
  const mails = useMailCapture({ MAIL_FROM: "Orbit <alerts@orbit.example.com>", APP_URL: "https://orbit.example.com" });

  it("goes to every admin of the organization (not members) with the URL, the count, the last error and a link", async () => {
    const receiver = await startReceiver(() => ({ status: 410, body: "this hook is gone" }));
    const admin = await signUpOrganization({ plan: "pro" });
    const secondAdmin = await addMember(admin, "admin");
    await addMember(admin, "member");
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
    const db = await getDb();
    await emit(db, admin.organizationId);
    await drainDueDeliveries(db);

    const deadline = Date.now() + 10_000;
    while (mails.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toBe("alerts@orbit.example.com");
    expect(mail!.to).toEqual([admin.email, secondAdmin.email].sort());
    expect(mail!.text).toContain(`Subject: Webhook endpoint disabled: ${endpoint.url}`);
    expect(mail!.text).toContain("answered 410 Gone");
    expect(mail!.text).toContain(`Endpoint: ${endpoint.url}`);
    expect(mail!.text).toContain("Consecutive failures: 1");
    expect(mail!.text).toContain("Last error: this hook is gone");
    expect(mail!.text).toContain(`https://orbit.example.com/webhooks/${endpoint.id}`);
  });

  it("a mail server that refuses never fails or delays the delivery work", async () => {
    Object.assign(process.env, { SMTP_URL: "smtp://127.0.0.1:9" });
    resetEnvCache();
    const receiver = await startReceiver(() => ({ status: 410 }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
    const db = await getDb();
    await emit(db, admin.organizationId);
    const counts = await drainDueDeliveries(db);
    expect(counts).toMatchObject({ claimed: 1, failed: 1 });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ isActive: false });
    expect(await db.notification.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });
});
