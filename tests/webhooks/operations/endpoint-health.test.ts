// One truthful health per endpoint (app-api section 17): the state decided by one pure function
// (table below), and an endpoint driven through failure and recovery against a real receiver while its
// health is read through the in-app routes: the endpoint page, the console's list and the delivery log
// agree with each other and with the contract's consecutiveFailures at every step.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { healthState, type HealthFacts } from "@/server/services/webhooks/health";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { signUpOrganization, type SignedInUser } from "../../harness/factories";
import { useEngineEnvironment } from "../../harness/webhook-engine";
import { useReceivers } from "../../harness/receiver";
import { insertEndpoint } from "../../harness/webhook-endpoints";

beforeAll(() => useEngineEnvironment());
const startReceiver = useReceivers();

describe("healthState", () => {
  const active: HealthFacts = { isActive: true, disabledReason: null, isPlanPaused: false, consecutiveFailures: 0, lastAttemptSucceeded: true };
  const cases: [string, Partial<HealthFacts>, ReturnType<typeof healthState>][] = [
    ["no attempt yet", { lastAttemptSucceeded: null }, "healthy"],
    ["the latest attempt succeeded", {}, "healthy"],
    ["the latest attempt failed, no delivery ran out of attempts", { lastAttemptSucceeded: false }, "failing"],
    ["the latest attempt failed and deliveries ran out of attempts", { lastAttemptSucceeded: false, consecutiveFailures: 3 }, "failing"],
    ["a delivery ran out of attempts after the latest success was recorded", { consecutiveFailures: 1 }, "failing"],
    ["failures counted, their attempts pruned", { lastAttemptSucceeded: null, consecutiveFailures: 2 }, "failing"],
    ["disabled after 20 consecutive failed deliveries", { isActive: false, disabledReason: "consecutive_failures", consecutiveFailures: 20, lastAttemptSucceeded: false }, "disabled"],
    ["disabled by a 410", { isActive: false, disabledReason: "gone", consecutiveFailures: 1, lastAttemptSucceeded: false }, "disabled"],
    ["paused by an admin", { isActive: false, disabledReason: "manual" }, "paused"],
    ["paused by an admin while failing", { isActive: false, disabledReason: "manual", lastAttemptSucceeded: false, consecutiveFailures: 4 }, "paused"],
    ["not active with no stored reason (an admin's pause)", { isActive: false, disabledReason: null }, "paused"],
    ["the plan has no webhooks", { isPlanPaused: true }, "paused"],
    ["the plan has no webhooks while failing", { isPlanPaused: true, lastAttemptSucceeded: false }, "paused"],
    ["disabled, and the plan has no webhooks", { isActive: false, disabledReason: "gone", isPlanPaused: true }, "disabled"],
  ];
  it.each(cases)("%s", (_label, facts, expected) => {
    expect(healthState({ ...active, ...facts })).toBe(expected);
  });
});

interface LoggedDelivery {
  id: string;
  status: string;
  isTest: boolean;
  eventType: string;
}

/** Logs one entry through the web app's sync route: one time_log.created event. */
async function logTime(admin: SignedInUser, description: string) {
  const response = await admin.client.post("/api/app/time-logs/sync", {
    entries: [{ clientSessionId: `health-${description}-${Math.random()}`, description, startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 60, source: "manual" }],
  });
  expect(response.status, response.text).toBe(200);
}

describe("an endpoint driven through failure and recovery", () => {
  it("reads failing at its first failed attempt, counts deliveries and attempts from the same rows, and returns to healthy once attempts succeed", async () => {
    let status = 500;
    const receiver = await startReceiver(() => ({ status, body: status === 200 ? "ok" : "down" }));
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await insertEndpoint(admin.organizationId, { url: receiver.url(), eventTypes: ["time_log.created"] });
    const db = await getDb();
    // A minute's retry base: one attempt per drain, the retries come due only when the test says so.
    const drainOnce = () => drainDueDeliveries(db, { retryBaseSeconds: 60 });
    const read = async (): Promise<Record<string, any> & { deliveries: LoggedDelivery[] }> => {
      const [detail, overview, deliveries] = await Promise.all([
        admin.client.get(`/api/app/webhooks/${endpoint.id}`),
        admin.client.get("/api/trpc/webhooks.overview"),
        admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`),
      ]);
      expect(detail.status, detail.text).toBe(200);
      expect(deliveries.status, deliveries.text).toBe(200);
      const row = (overview.body.result.data as { id: string; health: unknown; last24h: unknown; consecutiveFailures: number }[]).find((candidate) => candidate.id === endpoint.id)!;
      // The list and the page say the same thing, and the figures the contract's shapes carry are the health's.
      expect(row.health).toEqual(detail.body.data.health);
      expect(row.last24h).toEqual({ success: detail.body.data.health.deliveries24h.succeeded, failed: detail.body.data.health.deliveries24h.failed });
      expect(detail.body.data.stats.last24h).toEqual({ ...row.last24h as object, attempts: detail.body.data.health.attempts24h });
      expect(detail.body.data.health.consecutiveFailures).toBe(detail.body.data.consecutiveFailures);
      const hours = detail.body.data.attemptsPerHour as { success: number; failed: number }[];
      expect(hours.reduce((sum, hour) => sum + hour.success + hour.failed, 0)).toBe(detail.body.data.health.attempts24h);
      expect(hours.reduce((sum, hour) => sum + hour.failed, 0)).toBe(detail.body.data.health.failedAttempts24h);
      return { ...(detail.body.data as Record<string, any>), deliveries: deliveries.body.data as LoggedDelivery[] };
    };

    // Healthy before anything is sent.
    expect((await read()).health).toMatchObject({ state: "healthy", attempts24h: 0, lastAttemptSucceeded: null });

    // The first attempt fails: failing at once, one delivery retrying, none failed yet, the contract's counter at 0.
    await logTime(admin, "first");
    await drainOnce();
    let now = await read();
    expect(now.health).toMatchObject({ state: "failing", consecutiveFailures: 0, attempts24h: 1, failedAttempts24h: 1, deliveries24h: { succeeded: 0, failed: 0, retrying: 1 }, errorRate24h: 1, lastAttemptSucceeded: false });
    expect(now.health.nextRetryAt).toEqual(expect.any(String));
    expect(now.stats.last24h).toEqual({ success: 0, failed: 0, attempts: 1 });

    // A test event sent meanwhile fails too, but is left out of the health; the log marks it.
    const test = await admin.client.post(`/api/app/webhooks/${endpoint.id}/test`, { eventType: "invoice.created" });
    expect(test.status, test.text).toBe(202);
    await drainOnce();
    now = await read();
    expect(now.health).toMatchObject({ state: "failing", attempts24h: 1, failedAttempts24h: 1, deliveries24h: { succeeded: 0, failed: 0, retrying: 1 } });
    expect(now.deliveries.map((delivery) => [delivery.eventType, delivery.isTest])).toEqual([
      ["invoice.created", true],
      ["time_log.created", false],
    ]);
    await db.webhookDelivery.update({ where: { id: test.body.data.id }, data: { status: "failed", completedAt: new Date() } });

    // The first delivery runs out of its five attempts: one failed delivery, the counter at 1.
    const first = now.deliveries.find((delivery) => !delivery.isTest)!;
    // Each retry made due now, on the real clock, so every attempt's time is in the past of the next.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await db.webhookDelivery.update({ where: { id: first.id }, data: { nextAttemptAt: new Date() } });
      await drainOnce();
    }
    now = await read();
    expect(now.health).toMatchObject({ state: "failing", consecutiveFailures: 1, attempts24h: 5, failedAttempts24h: 5, deliveries24h: { succeeded: 0, failed: 1, retrying: 0 }, nextRetryAt: null });
    expect(now.stats.last24h).toEqual({ success: 0, failed: 1, attempts: 5 });
    expect(now.deliveries.find((delivery) => delivery.id === first.id)!.status).toBe("failed");

    // The receiver recovers: the next delivery succeeds and the endpoint is healthy again, its counter reset.
    status = 200;
    await logTime(admin, "second");
    await drainOnce();
    now = await read();
    expect(now.health).toMatchObject({ state: "healthy", consecutiveFailures: 0, attempts24h: 6, failedAttempts24h: 5, deliveries24h: { succeeded: 1, failed: 1, retrying: 0 }, lastAttemptSucceeded: true });
    expect(now.stats.last24h).toEqual({ success: 1, failed: 1, attempts: 6 });

    // A failing delivery still waiting for its retry does not keep a recovered endpoint failing.
    status = 503;
    await logTime(admin, "third");
    await drainOnce();
    expect((await read()).health).toMatchObject({ state: "failing", deliveries24h: { succeeded: 1, failed: 1, retrying: 1 } });
    status = 200;
    await logTime(admin, "fourth");
    await drainOnce();
    now = await read();
    expect(now.health).toMatchObject({ state: "healthy", attempts24h: 8, failedAttempts24h: 6, deliveries24h: { succeeded: 2, failed: 1, retrying: 1 }, lastAttemptSucceeded: true });
    expect(now.health.nextRetryAt).toEqual(expect.any(String));

    // Paused by an admin, then by a plan without webhooks; disabled by a 410.
    await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false });
    expect((await read()).health.state).toBe("paused");
    await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true });
    expect((await admin.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    expect((await read()).health.state).toBe("paused");
    expect((await admin.client.put("/api/app/organization/plan", { plan: "pro" })).status).toBe(200);
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id, status: "pending" }, data: { nextAttemptAt: new Date() } });
    status = 410;
    await drainOnce();
    now = await read();
    expect(now).toMatchObject({ isActive: false, disabledReason: "gone", health: { state: "disabled", consecutiveFailures: 1, lastAttemptSucceeded: false } });
  });
});
