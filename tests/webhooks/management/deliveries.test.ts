// GET /api/app/webhooks/:id/deliveries: the delivery log (contract 2.6), newest first, keyset-paginated.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signUpOrganization, type SignedInUser } from "../../harness/factories";
import { encodeCursor } from "@/server/lib/cursor";
import { createEndpoint, DELIVERY_FIELDS, expectValidationError, isoTimestamp, seedDeliveries, stubDns } from "../../harness/webhook-endpoints";
import { expectAppErrorEnvelope } from "../../harness/assertions";

let dnsStub: ReturnType<typeof stubDns>;
beforeEach(() => {
  dnsStub = stubDns();
});
afterEach(() => dnsStub.restore());

const base = Date.parse("2026-05-01T12:00:00.000Z");
const at = (seconds: number) => new Date(base + seconds * 1000);

/** Newest first: createdAt descending, ties by id descending. */
function newestFirst<T extends { id: string; createdAt: Date }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

async function walk(admin: SignedInUser, endpointId: string, limit: number) {
  const pages: any[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard += 1) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor && { cursor }) });
    const response = await admin.client.get(`/api/app/webhooks/${endpointId}/deliveries?${query}`);
    expect(response.status, response.text).toBe(200);
    pages.push(response.body);
    if (!response.body.pagination.hasMore) return pages;
    cursor = response.body.pagination.cursor;
    expect(typeof cursor).toBe("string");
  }
  throw new Error("pagination did not end");
}

describe("GET /api/app/webhooks/:id/deliveries", () => {
  let admin: SignedInUser;
  let endpoint: Record<string, any>;
  beforeEach(async () => {
    admin = await signUpOrganization({ plan: "pro" });
    endpoint = await createEndpoint(admin);
  });

  it("answers the contract's delivery fields (plus endpointId, nextAttemptAt and isTest), nothing else", async () => {
    const [pending, succeeded, failed] = await seedDeliveries(admin.organizationId, endpoint.id, [
      { createdAt: at(0), attempts: 2, lastStatusCode: null, lastError: "connect ECONNREFUSED", lastAttemptAt: at(5), nextAttemptAt: at(300), leaseUntil: at(400) },
      { createdAt: at(1), status: "success", attempts: 1, lastStatusCode: 200, lastError: null, lastAttemptAt: at(2), completedAt: at(2) },
      { createdAt: at(2), status: "failed", attempts: 5, lastStatusCode: 503, lastError: "Service Unavailable", lastAttemptAt: at(9), completedAt: at(9) },
    ]);
    const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`);
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ hasMore: false });
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(isoTimestamp) });
    for (const delivery of response.body.data) expect(Object.keys(delivery).sort()).toEqual(DELIVERY_FIELDS);
    expect(response.body.data).toEqual([
      {
        id: failed!.id,
        endpointId: endpoint.id,
        eventId: failed!.eventId,
        eventType: "time_log.created",
        status: "failed",
        attempts: 5,
        lastStatusCode: 503,
        lastError: "Service Unavailable",
        lastAttemptAt: at(9).toISOString(),
        nextAttemptAt: null,
        completedAt: at(9).toISOString(),
        createdAt: at(2).toISOString(),
        isTest: false,
      },
      {
        id: succeeded!.id,
        endpointId: endpoint.id,
        eventId: succeeded!.eventId,
        eventType: "time_log.created",
        status: "success",
        attempts: 1,
        lastStatusCode: 200,
        lastError: null,
        lastAttemptAt: at(2).toISOString(),
        nextAttemptAt: null,
        completedAt: at(2).toISOString(),
        createdAt: at(1).toISOString(),
        isTest: false,
      },
      {
        id: pending!.id,
        endpointId: endpoint.id,
        eventId: pending!.eventId,
        eventType: "time_log.created",
        status: "pending",
        attempts: 2,
        lastStatusCode: null,
        lastError: "connect ECONNREFUSED",
        lastAttemptAt: at(5).toISOString(),
        nextAttemptAt: at(300).toISOString(),
        completedAt: null,
        createdAt: at(0).toISOString(),
        isTest: false,
      },
    ]);
    expect(response.text).not.toContain("leaseUntil");
    expect(response.text).not.toContain(admin.organizationId);
  });

  it("answers an empty page for an endpoint without deliveries", async () => {
    const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.pagination).toEqual({ hasMore: false });
  });

  it("lists only this endpoint's deliveries", async () => {
    const sibling = await createEndpoint(admin);
    const mine = await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(0) }]);
    await seedDeliveries(admin.organizationId, sibling.id, [{ createdAt: at(1) }, { createdAt: at(2) }]);
    const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`);
    expect(response.body.data.map((delivery: { id: string }) => delivery.id)).toEqual([mine[0]!.id]);
  });

  it("walks every delivery exactly once, newest first, with ties on createdAt broken by id", async () => {
    const seeded = await seedDeliveries(
      admin.organizationId,
      endpoint.id,
      [0, 1, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7].map((second) => ({ createdAt: at(second) })),
    );
    const expected = newestFirst(seeded).map((row) => row.id);
    for (const limit of [1, 3, 5, 12, 100]) {
      const pages = await walk(admin, endpoint.id, limit);
      expect(pages).toHaveLength(Math.ceil(12 / limit));
      const ids = pages.flatMap((page) => page.data.map((delivery: { id: string }) => delivery.id));
      expect(ids).toEqual(expected);
      for (const page of pages.slice(0, -1)) {
        expect(page.data).toHaveLength(limit);
        expect(page.pagination).toEqual({ hasMore: true, cursor: expect.any(String) });
      }
      expect(pages.at(-1).pagination).toEqual({ hasMore: false });
    }
  });

  it("defaults to 50 per page", async () => {
    await seedDeliveries(admin.organizationId, endpoint.id, Array.from({ length: 51 }, (_, index) => ({ createdAt: at(index) })));
    const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`);
    expect(response.body.data).toHaveLength(50);
    expect(response.body.data[0].createdAt).toBe(at(50).toISOString());
    expect(response.body.pagination.hasMore).toBe(true);
    const rest = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?cursor=${response.body.pagination.cursor}`);
    expect(rest.body.data.map((delivery: { createdAt: string }) => delivery.createdAt)).toEqual([at(0).toISOString()]);
    expect(rest.body.pagination).toEqual({ hasMore: false });
  });

  it("shows deliveries queued after the first page was read on a fresh walk only, never twice", async () => {
    await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(0) }, { createdAt: at(1) }, { createdAt: at(2) }]);
    const first = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=2`);
    const [newer] = await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(10) }]);
    const second = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.map((delivery: { createdAt: string }) => delivery.createdAt)).toEqual([at(0).toISOString()]);
    const fresh = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=1`);
    expect(fresh.body.data[0].id).toBe(newer!.id);
  });

  it.each(["0", "101", "-1", "1.5", "abc", ""])("answers 400 on field limit for limit=%s", async (limit) => {
    const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=${limit}`);
    expectValidationError(response, ["limit"]);
  });

  it("accepts limit 1 and limit 100", async () => {
    await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(0) }, { createdAt: at(1) }]);
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=1`)).body.data).toHaveLength(1);
    expect((await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=100`)).body.data).toHaveLength(2);
  });

  it("answers 400 on field cursor for a malformed, tampered or foreign cursor", async () => {
    await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(0) }, { createdAt: at(1) }]);
    const first = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?limit=1`);
    const cursor: string = first.body.pagination.cursor;
    const tampered = `${cursor.slice(0, 2)}${cursor[2] === "A" ? "B" : "A"}${cursor.slice(3)}`;
    const foreign = encodeCursor("tasks", { sortValue: at(1), id: first.body.data[0].id });
    for (const bad of ["garbage!", "Zm9v", tampered, foreign, "x".repeat(513)]) {
      const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries?cursor=${encodeURIComponent(bad)}`);
      expectValidationError(response, ["cursor"]);
    }
  });

  it("answers 404 for a missing endpoint and for another organization's, without its deliveries", async () => {
    await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(0) }]);
    expectAppErrorEnvelope(await admin.client.get("/api/app/webhooks/missing/deliveries"), 404, "not_found");
    const intruder = await signUpOrganization({ plan: "pro" });
    const response = await intruder.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`);
    expectAppErrorEnvelope(response, 404, "not_found");
  });

  it("works on a free plan", async () => {
    await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: at(0) }]);
    expect((await admin.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    const response = await admin.client.get(`/api/app/webhooks/${endpoint.id}/deliveries`);
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
  });
});
