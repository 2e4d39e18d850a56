// Webhook endpoint management (contract 2.5, 3.4, 4.3; app-api 5, 6) through the real route handlers.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestClient } from "../../harness/http";
import { addMember, signUpOrganization, type SignedInUser } from "../../harness/factories";
import { getDatabase, getDb } from "@/server/db";
import { DELIVERY_CHANNEL } from "@/server/webhooks/events";
import { createEndpoint, ENDPOINT_FIELDS, expectValidationError, insertEndpoint, isoTimestamp, SECRET_FORMAT, seedDeliveries, stubDns, validEndpointBody } from "../../harness/webhook-endpoints";
import { expectAppErrorEnvelope } from "../../harness/assertions";

let dnsStub: ReturnType<typeof stubDns>;
beforeEach(() => {
  dnsStub = stubDns();
});
afterEach(() => dnsStub.restore());

async function endpointCount(organizationId: string) {
  return (await getDb()).webhookEndpoint.count({ where: { organizationId } });
}

async function endpointRow(id: string) {
  return (await getDb()).webhookEndpoint.findUnique({ where: { id } });
}

describe("POST /api/app/webhooks", () => {
  it("answers 201 with the endpoint, its secret and exactly the contract's fields", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const body = { url: "https://hooks.example.com/orbit?source=orbit", description: "Billing sync", eventTypes: ["time_log.created", "invoice.created"] };
    const response = await admin.client.post("/api/app/webhooks", body);
    expect(response.status, response.text).toBe(201);
    const endpoint = response.body.data;
    expect(Object.keys(endpoint).sort()).toEqual(ENDPOINT_FIELDS);
    expect(endpoint).toEqual({
      id: expect.any(String),
      organizationId: admin.organizationId,
      url: body.url,
      secret: expect.stringMatching(SECRET_FORMAT),
      description: "Billing sync",
      eventTypes: ["time_log.created", "invoice.created"],
      isActive: true,
      consecutiveFailures: 0,
      maxRequestsPerSecond: 50,
      disabledAt: null,
      createdAt: expect.stringMatching(isoTimestamp),
    });
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(isoTimestamp) });
    expect(response.body.pagination).toBeUndefined();
    expect(response.headers.get("ratelimit-limit")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ organizationId: admin.organizationId, url: body.url, secret: endpoint.secret, description: "Billing sync", isActive: true });
    expect(row!.createdAt.toISOString()).toBe(endpoint.createdAt);
    expect(dnsStub.calls).toEqual(["hooks.example.com"]);
  });

  it("gives every endpoint a different 256-bit secret", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const secrets = new Set<string>();
    for (let index = 0; index < 6; index += 1) {
      const endpoint = await createEndpoint(admin);
      expect(endpoint.secret).toMatch(SECRET_FORMAT);
      secrets.add(endpoint.secret);
    }
    expect(secrets.size).toBe(6);
  });

  it("removes duplicate event types, keeping first-seen order", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin, { eventTypes: ["invoice.created", "time_log.created", "invoice.created", "time_log.created"] });
    expect(endpoint.eventTypes).toEqual(["invoice.created", "time_log.created"]);
    expect((await endpointRow(endpoint.id))!.eventTypes).toEqual(["invoice.created", "time_log.created"]);
  });

  it("treats description as optional: absent, null or blank is stored as null; 500 characters is the maximum", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const { description: _omitted, ...withoutDescription } = validEndpointBody();
    const absent = await admin.client.post("/api/app/webhooks", withoutDescription);
    expect(absent.status).toBe(201);
    expect(absent.body.data.description).toBeNull();
    expect((await createEndpoint(admin, { description: null })).description).toBeNull();
    expect((await createEndpoint(admin, { description: "   " })).description).toBeNull();
    expect((await createEndpoint(admin, { description: "d".repeat(500) })).description).toBe("d".repeat(500));
    const tooLong = await admin.client.post("/api/app/webhooks", validEndpointBody({ description: "d".repeat(501) }));
    expectValidationError(tooLong, ["description"]);
    expect(await endpointCount(admin.organizationId)).toBe(4);
  });

  it.each([
    ["url missing", { url: undefined }, ["url"]],
    ["url not a string", { url: 42 }, ["url"]],
    ["url empty", { url: "" }, ["url"]],
    ["eventTypes missing", { eventTypes: undefined }, ["eventTypes"]],
    ["eventTypes empty", { eventTypes: [] }, ["eventTypes"]],
    ["eventTypes unknown", { eventTypes: ["time_log.created", "task.created"] }, ["eventTypes"]],
    ["eventTypes not an array", { eventTypes: "time_log.created" }, ["eventTypes"]],
    ["eventTypes with a non-string", { eventTypes: [1] }, ["eventTypes.0"]],
    ["description not a string", { description: 5 }, ["description"]],
    ["every field invalid at once", { url: "http://example.com", eventTypes: [], description: "x".repeat(501) }, ["url", "eventTypes", "description"]],
  ])("answers 400 and writes nothing: %s", async (_label, overrides, fields) => {
    const admin = await signUpOrganization({ plan: "pro" });
    const response = await admin.client.post("/api/app/webhooks", validEndpointBody(overrides));
    expectValidationError(response, fields);
    expect(await endpointCount(admin.organizationId)).toBe(0);
  });

  it("takes maxRequestsPerSecond, an integer from 1 to 1000, and echoes it", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    for (const rate of [1, 1000]) {
      const endpoint = await createEndpoint(admin, { maxRequestsPerSecond: rate });
      expect(endpoint.maxRequestsPerSecond).toBe(rate);
      expect((await endpointRow(endpoint.id))!.maxRequestsPerSecond).toBe(rate);
    }
    for (const rate of [0, 1001, 2.5, "50", null]) {
      const response = await admin.client.post("/api/app/webhooks", validEndpointBody({ maxRequestsPerSecond: rate }));
      expectValidationError(response, ["maxRequestsPerSecond"]);
    }
    expect(await (await getDb()).webhookEndpoint.count({ where: { organizationId: admin.organizationId } })).toBe(2);
  });

  it("names the unknown event types and the catalog in the detail message", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const response = await admin.client.post("/api/app/webhooks", validEndpointBody({ eventTypes: ["task.created"] }));
    expectValidationError(response, ["eventTypes"]);
    expect(response.body.details[0].message).toContain('"task.created"');
    expect(response.body.details[0].message).toContain("time_log.created, invoice.created");
  });

  it("answers 400 for a body that is not a JSON object, or not JSON", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    expectValidationError(await admin.client.post("/api/app/webhooks", [validEndpointBody()]), ["body"]);
    expectValidationError(await admin.client.request("POST", "/api/app/webhooks", { rawBody: "{nope", headers: { "content-type": "application/json" } }), ["body"]);
    expectValidationError(await admin.client.post("/api/app/webhooks"), ["url", "eventTypes"]);
    expect(await endpointCount(admin.organizationId)).toBe(0);
  });

  it("answers 402 plan_required on a free plan, before validating the body, and writes nothing", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.post("/api/app/webhooks", validEndpointBody());
    expectAppErrorEnvelope(response, 402, "plan_required");
    expect(response.body.details).toBeUndefined();
    expectAppErrorEnvelope(await admin.client.post("/api/app/webhooks", { url: "nope", eventTypes: [] }), 402, "plan_required");
    expect(await endpointCount(admin.organizationId)).toBe(0);
    expect(dnsStub.calls).toEqual([]);
  });

  it("applies a plan change at once: downgraded organizations cannot create", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    await createEndpoint(admin);
    expect((await admin.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    expectAppErrorEnvelope(await admin.client.post("/api/app/webhooks", validEndpointBody()), 402, "plan_required");
    expect(await endpointCount(admin.organizationId)).toBe(1);
  });

  it("allows at most 20 endpoints per organization: the 21st answers 409 conflict", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const other = await signUpOrganization({ plan: "pro" });
    await insertEndpoint(other.organizationId);
    for (let index = 0; index < 19; index += 1) await insertEndpoint(admin.organizationId);
    const twentieth = await createEndpoint(admin);
    const response = await admin.client.post("/api/app/webhooks", validEndpointBody());
    expectAppErrorEnvelope(response, 409, "conflict");
    expect(response.body.message).toContain("20");
    expect(await endpointCount(admin.organizationId)).toBe(20);
    // Another organization's endpoints do not count, and a deletion frees a slot.
    expect((await other.client.post("/api/app/webhooks", validEndpointBody())).status).toBe(201);
    expect((await admin.client.delete(`/api/app/webhooks/${twentieth.id}`)).status).toBe(200);
    expect((await admin.client.post("/api/app/webhooks", validEndpointBody())).status).toBe(201);
    expect(await endpointCount(admin.organizationId)).toBe(20);
  });

  it("keeps the limit under concurrent creates", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    for (let index = 0; index < 15; index += 1) await insertEndpoint(admin.organizationId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => admin.client.post("/api/app/webhooks", validEndpointBody())));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await endpointCount(admin.organizationId)).toBe(20);
  });
});

describe("GET /api/app/webhooks", () => {
  it("lists the organization's endpoints newest first, secrets included, and nothing of other organizations", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const other = await signUpOrganization({ plan: "pro" });
    await createEndpoint(other);
    const created = [];
    for (let index = 0; index < 3; index += 1) created.push(await createEndpoint(admin, { description: `hook ${index}` }));
    const response = await admin.client.get("/api/app/webhooks");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([...created].reverse());
    for (const endpoint of response.body.data) expect(Object.keys(endpoint).sort()).toEqual(ENDPOINT_FIELDS);
    expect(response.body.pagination).toBeUndefined();
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(isoTimestamp) });
  });

  it("orders endpoints created in the same millisecond by id, descending", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const createdAt = new Date("2026-01-01T00:00:00.000Z");
    const rows = [await insertEndpoint(admin.organizationId, { createdAt }), await insertEndpoint(admin.organizationId, { createdAt })];
    const response = await admin.client.get("/api/app/webhooks");
    expect(response.body.data.map((endpoint: { id: string }) => endpoint.id)).toEqual(rows.map((row) => row.id).sort().reverse());
  });

  it("answers an empty list for an organization without endpoints, on a free plan too", async () => {
    const admin = await signUpOrganization();
    const response = await admin.client.get("/api/app/webhooks");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    const seeded = await insertEndpoint(admin.organizationId, { description: "legacy" });
    const listed = await admin.client.get("/api/app/webhooks");
    expect(listed.body.data).toEqual([
      {
        id: seeded.id,
        organizationId: admin.organizationId,
        url: seeded.url,
        secret: seeded.secret,
        description: "legacy",
        eventTypes: ["time_log.created"],
        isActive: true,
        consecutiveFailures: 0,
        maxRequestsPerSecond: 50,
        disabledAt: null,
        createdAt: seeded.createdAt.toISOString(),
      },
    ]);
  });
});

describe("PATCH /api/app/webhooks/:id", () => {
  let admin: SignedInUser;
  let endpoint: Record<string, any>;
  beforeEach(async () => {
    admin = await signUpOrganization({ plan: "pro" });
    endpoint = await createEndpoint(admin, { description: "first", eventTypes: ["time_log.created"] });
  });

  it("updates url, description and event types, answering 200 with the whole endpoint", async () => {
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, {
      url: "https://new.example.com/hook",
      description: "second",
      eventTypes: ["invoice.created", "invoice.created"],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ ...endpoint, url: "https://new.example.com/hook", description: "second", eventTypes: ["invoice.created"] });
    expect(await endpointRow(endpoint.id)).toMatchObject({ url: "https://new.example.com/hook", description: "second", eventTypes: ["invoice.created"], secret: endpoint.secret });
  });

  it("changes maxRequestsPerSecond, and refuses a value outside 1-1000 without changing anything", async () => {
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { maxRequestsPerSecond: 7 });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ ...endpoint, maxRequestsPerSecond: 7 });
    const refused = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { maxRequestsPerSecond: 0, description: "changed" });
    expectValidationError(refused, ["maxRequestsPerSecond"]);
    expect(await endpointRow(endpoint.id)).toMatchObject({ maxRequestsPerSecond: 7, description: "first" });
  });

  it("clears the description with null", async () => {
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { description: null });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ ...endpoint, description: null });
    expect((await endpointRow(endpoint.id))!.description).toBeNull();
  });

  it("answers 200 with the endpoint unchanged for an empty body, and ignores fields it does not own", async () => {
    const before = await endpointRow(endpoint.id);
    const empty = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual(endpoint);
    const noBody = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`);
    expect(noBody.status).toBe(200);
    expect(noBody.body.data).toEqual(endpoint);
    const foreign = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { id: "other", secret: "whsec_mine", organizationId: "org_x", consecutiveFailures: 3 });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual(endpoint);
    expect(await endpointRow(endpoint.id)).toEqual(before);
  });

  it("disables manually without setting disabledAt (it records automatic disabling only)", async () => {
    await (await getDb()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 4 } });
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ ...endpoint, isActive: false, consecutiveFailures: 4, disabledAt: null });
    expect(await endpointRow(endpoint.id)).toMatchObject({ isActive: false, disabledAt: null, consecutiveFailures: 4 });
  });

  it("keeps disabledAt when an automatically disabled endpoint is set inactive again", async () => {
    const disabledAt = new Date("2026-03-01T10:00:00.000Z");
    await (await getDb()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: false, consecutiveFailures: 20, disabledAt } });
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false });
    expect(response.body.data).toMatchObject({ isActive: false, consecutiveFailures: 20, disabledAt: disabledAt.toISOString() });
  });

  it("re-enables with isActive true: consecutiveFailures reset to 0 and disabledAt cleared", async () => {
    const disabledAt = new Date("2026-03-01T10:00:00.000Z");
    await (await getDb()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: false, consecutiveFailures: 20, disabledAt } });
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ ...endpoint, isActive: true, consecutiveFailures: 0, disabledAt: null });
    expect(await endpointRow(endpoint.id)).toMatchObject({ isActive: true, consecutiveFailures: 0, disabledAt: null });
  });

  it("resets consecutiveFailures with isActive true on an endpoint that is still active", async () => {
    await (await getDb()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { consecutiveFailures: 7 } });
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true });
    expect(response.body.data).toMatchObject({ isActive: true, consecutiveFailures: 0, disabledAt: null });
  });

  it("leaves pending deliveries of a re-enabled endpoint pending (paused, then resumed)", async () => {
    await (await getDb()).webhookEndpoint.update({ where: { id: endpoint.id }, data: { isActive: false, disabledAt: new Date() } });
    const [delivery] = await seedDeliveries(admin.organizationId, endpoint.id, [{ createdAt: new Date(Date.now() - 60_000), attempts: 2 }]);
    expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true })).status).toBe(200);
    expect(await (await getDb()).webhookDelivery.findUnique({ where: { id: delivery!.id } })).toMatchObject({ status: "pending", attempts: 2 });
  });

  it("wakes delivery workers when an endpoint is re-enabled, and only then", async () => {
    const notifications: string[] = [];
    const unlisten = await (await getDatabase()).listen(DELIVERY_CHANNEL, (payload) => notifications.push(payload));
    try {
      expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false })).status).toBe(200);
      expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { description: "quiet" })).status).toBe(200);
      // The barrier: a notification of our own, committed after those two updates. One listening
      // connection receives notifications in commit order, so once ours arrives any they sent has too.
      await (await getDb()).$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, 'barrier')`;
      await expect.poll(() => notifications.includes("barrier")).toBe(true);
      expect(notifications).toEqual(["barrier"]);
      expect((await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: true })).status).toBe(200);
      await expect.poll(() => notifications).toEqual(["barrier", ""]);
    } finally {
      await unlisten();
    }
  });

  it.each([
    ["isActive as a string", { isActive: "false" }, ["isActive"]],
    ["isActive as a number", { isActive: 0 }, ["isActive"]],
    ["url http", { url: "http://example.com/hook" }, ["url"]],
    ["url private", { url: "https://192.168.1.10/hook" }, ["url"]],
    ["url null", { url: null }, ["url"]],
    ["eventTypes empty", { eventTypes: [] }, ["eventTypes"]],
    ["eventTypes null", { eventTypes: null }, ["eventTypes"]],
    ["eventTypes unknown", { eventTypes: ["customer.created"] }, ["eventTypes"]],
    ["description too long", { description: "x".repeat(501) }, ["description"]],
    ["several fields", { url: "ftp://example.com", isActive: "yes" }, ["url", "isActive"]],
  ])("answers 400 and changes nothing: %s", async (_label, body, fields) => {
    const before = await endpointRow(endpoint.id);
    expectValidationError(await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, body), fields);
    expect(await endpointRow(endpoint.id)).toEqual(before);
  });

  it("answers 404 for a missing endpoint and for another organization's, which stays unchanged", async () => {
    expectAppErrorEnvelope(await admin.client.patch("/api/app/webhooks/does-not-exist", { description: "x" }), 404, "not_found");
    expectAppErrorEnvelope(await admin.client.patch("/api/app/webhooks/does-not-exist", {}), 404, "not_found");
    const intruder = await signUpOrganization({ plan: "pro" });
    const before = await endpointRow(endpoint.id);
    for (const body of [{ description: "pwned" }, { isActive: false }, { isActive: true }, { url: "https://evil.example.com/" }, {}]) {
      expectAppErrorEnvelope(await intruder.client.patch(`/api/app/webhooks/${endpoint.id}`, body), 404, "not_found");
    }
    expect(await endpointRow(endpoint.id)).toEqual(before);
  });

  it("works on a free plan (only creation needs the plan)", async () => {
    expect((await admin.client.put("/api/app/organization/plan", { plan: "free" })).status).toBe(200);
    const response = await admin.client.patch(`/api/app/webhooks/${endpoint.id}`, { description: "still mine" });
    expect(response.status).toBe(200);
    expect(response.body.data.description).toBe("still mine");
  });
});

describe("DELETE /api/app/webhooks/:id", () => {
  it("answers 200 {success, id}, removes the endpoint and its deliveries, keeps the events and other endpoints' deliveries", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const doomed = await createEndpoint(admin);
    const kept = await createEndpoint(admin);
    const now = Date.now();
    const doomedDeliveries = await seedDeliveries(admin.organizationId, doomed.id, [{ createdAt: new Date(now - 2000) }, { createdAt: new Date(now - 1000), status: "success" }]);
    const keptDeliveries = await seedDeliveries(admin.organizationId, kept.id, [{ createdAt: new Date(now - 500) }]);
    const response = await admin.client.delete(`/api/app/webhooks/${doomed.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ success: true, id: doomed.id });
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(isoTimestamp) });
    const db = await getDb();
    expect(await endpointRow(doomed.id)).toBeNull();
    expect(await db.webhookDelivery.count({ where: { endpointId: doomed.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { id: { in: doomedDeliveries.map((row) => row.id) } } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { id: keptDeliveries[0]!.id } })).toBe(1);
    expect(await db.webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(3);
    expect((await admin.client.get("/api/app/webhooks")).body.data.map((endpoint: { id: string }) => endpoint.id)).toEqual([kept.id]);
    expectAppErrorEnvelope(await admin.client.delete(`/api/app/webhooks/${doomed.id}`), 404, "not_found");
  });

  it("answers 404 for a missing endpoint and for another organization's, which stays with its deliveries", async () => {
    const owner = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(owner);
    await seedDeliveries(owner.organizationId, endpoint.id, [{ createdAt: new Date() }]);
    const intruder = await signUpOrganization({ plan: "pro" });
    expectAppErrorEnvelope(await intruder.client.delete(`/api/app/webhooks/${endpoint.id}`), 404, "not_found");
    expectAppErrorEnvelope(await owner.client.delete("/api/app/webhooks/nope"), 404, "not_found");
    expect(await endpointRow(endpoint.id)).not.toBeNull();
    expect(await (await getDb()).webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });

  it("works on a free plan", async () => {
    const admin = await signUpOrganization();
    const seeded = await insertEndpoint(admin.organizationId);
    const response = await admin.client.delete(`/api/app/webhooks/${seeded.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ success: true, id: seeded.id });
    expect(await endpointRow(seeded.id)).toBeNull();
  });
});

describe("authentication and role on every route", () => {
  const routes = (id: string) =>
    [
      ["GET", "/api/app/webhooks", undefined],
      ["POST", "/api/app/webhooks", validEndpointBody()],
      ["PATCH", `/api/app/webhooks/${id}`, { description: "x", isActive: false }],
      ["DELETE", `/api/app/webhooks/${id}`, undefined],
      ["GET", `/api/app/webhooks/${id}/deliveries`, undefined],
    ] as const;

  it("answers 401 unauthorized without a session and changes nothing", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const anonymous = new TestClient();
    for (const [method, url, body] of routes(endpoint.id)) {
      const response = await anonymous.request(method, url, { body });
      expectAppErrorEnvelope(response, 401, "unauthorized");
    }
    const forged = new TestClient({ cookie: "tt_session=forged" });
    expectAppErrorEnvelope(await forged.get("/api/app/webhooks"), 401, "unauthorized");
    expect(await endpointRow(endpoint.id)).toMatchObject({ isActive: true, description: "Billing sync" });
    expect(await endpointCount(admin.organizationId)).toBe(1);
  });

  it("answers 403 forbidden with the role detail to members and changes nothing", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const member = await addMember(admin, "member");
    for (const [method, url, body] of routes(endpoint.id)) {
      const response = await member.client.request(method, url, { body });
      expectAppErrorEnvelope(response, 403, "forbidden");
      expect(response.body.details).toEqual([{ field: "role", message: "admin role required" }]);
      expect(response.text).not.toContain(endpoint.secret);
    }
    expect(await endpointRow(endpoint.id)).toMatchObject({ isActive: true, description: "Billing sync" });
    expect(await endpointCount(admin.organizationId)).toBe(1);
  });

  it("lets a second admin of the organization manage its endpoints", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const secondAdmin = await addMember(admin, "admin");
    expect((await secondAdmin.client.get("/api/app/webhooks")).body.data).toEqual([endpoint]);
    expect((await secondAdmin.client.patch(`/api/app/webhooks/${endpoint.id}`, { isActive: false })).status).toBe(200);
    expect((await secondAdmin.client.post("/api/app/webhooks", validEndpointBody())).status).toBe(201);
  });

  it("refuses a cross-origin mutation with 403 and changes nothing", async () => {
    const admin = await signUpOrganization({ plan: "pro" });
    const endpoint = await createEndpoint(admin);
    const response = await admin.client.delete(`/api/app/webhooks/${endpoint.id}`, { headers: { origin: "https://evil.example" } });
    expectAppErrorEnvelope(response, 403, "forbidden");
    expect(await endpointRow(endpoint.id)).not.toBeNull();
  });
});
