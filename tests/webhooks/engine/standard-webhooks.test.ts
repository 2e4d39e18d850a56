// Standard Webhooks headers (app-api section 8) on a real attempt, checked by the `standardwebhooks`
// library itself, given the endpoint's secret string exactly as issued.
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { createEndpoint, createOrganization, emit, useEngineDatabase } from "../../harness/webhook-engine";
import { Receiver } from "../../harness/receiver";

const { db } = await useEngineDatabase();
const hook = await Receiver.start();
afterAll(() => hook.close());

describe("Standard Webhooks headers", () => {
  it("carry the event id, the contract's t and a v1 signature that the standardwebhooks library verifies", async () => {
    const organizationId = await createOrganization(db);
    const endpoint = await createEndpoint(db, organizationId, hook.url("/standard"));
    const { eventId } = await emit(db, organizationId);

    await drainDueDeliveries(db);
    const request = hook.requests.find((received) => received.path === "/standard");
    expect(request).toBeDefined();
    const headers = request!.headers as Record<string, string>;
    expect(headers["webhook-id"]).toBe(eventId);
    const t = /^t=(\d+),/.exec(headers["x-service-signature"]!)![1];
    expect(headers["webhook-timestamp"]).toBe(t);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const verified = new Webhook(endpoint.secret).verify(request!.body.toString("utf8"), headers);
    expect(verified).toEqual(JSON.parse(request!.body.toString("utf8")));

    const tampered = { ...headers, "webhook-id": `${eventId}x` };
    expect(() => new Webhook(endpoint.secret).verify(request!.body.toString("utf8"), tampered)).toThrow();
    const otherSecret = `whsec_${"cd34".repeat(16)}`;
    expect(() => new Webhook(otherSecret).verify(request!.body.toString("utf8"), headers)).toThrow();
  });
});
