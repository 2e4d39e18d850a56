// Retry-After on 429 and 503 (app-api section 8): a real receiver answers with the header, the real
// drain records the failed attempt, and the next attempt is due no earlier than asked (capped at 1 hour).
import { afterAll, describe, expect, it } from "vitest";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { retryNotBefore } from "@/server/webhooks/send";
import { createEndpoint, createOrganization, emit, useEngineDatabase } from "../../harness/webhook-engine";
import { Receiver, type Reply } from "../../harness/receiver";

const HOUR_MS = 60 * 60 * 1000;
const { db } = await useEngineDatabase();
let reply: Reply = { status: 200 };
const hook = await Receiver.start(() => reply);
afterAll(() => hook.close());

/** One real attempt answered with `answer`; returns the delivery as recorded. */
async function attemptAnsweredWith(answer: Reply) {
  reply = answer;
  const organizationId = await createOrganization(db);
  await createEndpoint(db, organizationId, hook.url("/retry-after"));
  const { deliveryIds } = await emit(db, organizationId);
  // A first retry 8-12 s on: inside the minute the last test allows, and never due again within this
  // drain (with the suite's 1 ms base a slow drain would retry it at once, up to the last attempt).
  await drainDueDeliveries(db, { retryBaseSeconds: 10 });
  return db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0]! } });
}

describe("Retry-After", () => {
  it("429 with delta-seconds: still pending, next attempt no earlier than that many seconds after the attempt", async () => {
    const delivery = await attemptAnsweredWith({ status: 429, headers: { "Retry-After": "120" } });
    expect(delivery.status).toBe("pending");
    expect(delivery.lastStatusCode).toBe(429);
    expect(delivery.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(delivery.lastAttemptAt!.getTime() + 120_000);
    expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  it("503 with an HTTP date: next attempt no earlier than that date", async () => {
    const target = new Date(Math.ceil((Date.now() + 10 * 60_000) / 1000) * 1000);
    const delivery = await attemptAnsweredWith({ status: 503, headers: { "Retry-After": target.toUTCString() } });
    expect(delivery.status).toBe("pending");
    expect(delivery.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(target.getTime());
  });

  it("is capped at one hour ahead", async () => {
    const delivery = await attemptAnsweredWith({ status: 429, headers: { "Retry-After": String(24 * 3600) } });
    expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + HOUR_MS);
    expect(delivery.nextAttemptAt.getTime()).toBeGreaterThan(delivery.lastAttemptAt!.getTime() + HOUR_MS - 60_000);
  });

  it("is ignored on other statuses, so the normal schedule applies", async () => {
    const delivery = await attemptAnsweredWith({ status: 500, headers: { "Retry-After": "3600" } });
    expect(delivery.status).toBe("pending");
    expect(delivery.nextAttemptAt.getTime()).toBeLessThan(delivery.lastAttemptAt!.getTime() + 60_000);
  });
});

describe("retryNotBefore", () => {
  const now = new Date("2026-01-05T09:30:00.000Z");
  it.each([
    [429, "30", new Date(now.getTime() + 30_000)],
    [503, "Mon, 05 Jan 2026 09:40:00 GMT", new Date("2026-01-05T09:40:00.000Z")],
    [503, "Tue, 06 Jan 2026 09:30:00 GMT", new Date(now.getTime() + HOUR_MS)],
    [429, "Mon, 05 Jan 2026 09:00:00 GMT", null],
    [429, "soon", null],
    [429, "-5", null],
    [500, "30", null],
    [429, undefined, null],
  ])("status %i, Retry-After %s", (status, header, expected) => {
    expect(retryNotBefore(status, header, now)).toEqual(expected);
  });
});
