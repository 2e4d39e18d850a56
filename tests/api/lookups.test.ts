// Lookups by id (app-api section 13, "What generated clients rely on"): GET /api/v1/time-logs/{id},
// /customers/{id}, /constellations/{id} and /events/{id} answer the organization's own resource in its
// list's shape, and a 404 for anything else: another organization's id (never a word of its data), a
// deleted log, a console test event. Events come back as the exact bodies their deliveries carry,
// each valid against the document's `webhooks` schema of its type.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { EVENT_TYPES } from "@/server/webhooks/events";
import { expectErrorEnvelope } from "../harness/assertions";
import { apiOrganization, insertCustomer, insertTimeLog } from "../harness/factories";
import { expectMatchesOpenApi, openApiDocument } from "../harness/openapi";

type Json = Record<string, any>;

/** A 404 in the envelope that says nothing of what the other organization holds. */
function expectNotFound(response: { status: number; body: any; text: string }, ...secrets: string[]) {
  expectErrorEnvelope(response, 404, "not_found");
  for (const secret of secrets) expect(response.text).not.toContain(secret);
}

describe("lookups by id", () => {
  it("a time log: the organization's own as the list shows it; deleted or another organization's → 404", { timeout: 90_000 }, async () => {
    const { admin, api } = await apiOrganization(["time-logs:read"]);
    const other = await apiOrganization(["time-logs:read"]);
    const sync = await admin.client.post("/api/app/time-logs/sync", {
      entries: ["Kept", "Deleted"].map((description, index) => ({ clientSessionId: `lookup-${index}-${Date.now()}`, description, startedAt: new Date(Date.now() - 3_600_000).toISOString(), durationSeconds: 90 })),
    });
    expect(sync.status, sync.text).toBe(200);
    const [kept, deleted] = sync.body.data.committed as { id: string }[];
    const foreign = await insertTimeLog({ organizationId: other.admin.organizationId, userId: other.admin.userId }, { startedAt: new Date(), description: "Foreign secret work" });

    const found = await api.get(`/api/v1/time-logs/${kept!.id}`);
    expect(found.status, found.text).toBe(200);
    const listed = (await api.get("/api/v1/time-logs")).body.data.find((log: Json) => log.id === kept!.id);
    expect(found.body.data).toEqual(listed);
    expect(found.body.meta.rateLimit.limit).toBe(1000);
    await expectMatchesOpenApi("GET", "/api/v1/time-logs/{id}", found);

    expect((await admin.client.delete(`/api/app/time-logs/${deleted!.id}`)).status).toBe(200);
    expectNotFound(await api.get(`/api/v1/time-logs/${deleted!.id}`));
    expectNotFound(await api.get(`/api/v1/time-logs/${foreign.id}`), "Foreign secret work");
    expect((await other.api.get(`/api/v1/time-logs/${foreign.id}`)).status).toBe(200);
    expectErrorEnvelope(await api.get(`/api/v1/time-logs/${"x".repeat(201)}`), 400, "validation_error");
  });

  it("a customer and a constellation: archived ones too, in the public shape; another organization's → 404", async () => {
    const { admin, api } = await apiOrganization(["customers:read", "customers:write", "constellations:read", "constellations:write"]);
    const other = await apiOrganization();
    const customer = (await api.post("/api/v1/customers", { name: "Acme", email: "private@acme.example", notes: "private notes" })).body.data;
    const project = (await api.post("/api/v1/constellations", { title: "Launch", customerId: customer.id })).body.data;
    expect((await admin.client.post(`/api/app/customers/${customer.id}/archive`)).status).toBe(200);
    expect((await admin.client.post(`/api/app/constellations/${project.id}/archive`)).status).toBe(200);
    const foreignCustomer = await insertCustomer(other.admin.organizationId, { name: "Foreign Customer Ltd" });
    const foreignProject = (await other.api.post("/api/v1/constellations", { title: "Foreign secret project" })).body.data;

    const foundCustomer = await api.get(`/api/v1/customers/${customer.id}`);
    expect(foundCustomer.status, foundCustomer.text).toBe(200);
    expect(foundCustomer.body.data).toEqual((await api.get("/api/v1/customers?includeArchived=true")).body.data[0]);
    expect(foundCustomer.body.data).toMatchObject({ id: customer.id, archived: true, archivedAt: expect.any(String) });
    // The private contact data is never returned, by a lookup neither.
    expect(foundCustomer.text).not.toContain("private@acme.example");
    expect(foundCustomer.text).not.toContain("private notes");
    await expectMatchesOpenApi("GET", "/api/v1/customers/{id}", foundCustomer);

    const foundProject = await api.get(`/api/v1/constellations/${project.id}`);
    expect(foundProject.status, foundProject.text).toBe(200);
    expect(foundProject.body.data).toEqual((await api.get("/api/v1/constellations?includeArchived=true")).body.data[0]);
    expect(foundProject.body.data).toMatchObject({ id: project.id, customerId: customer.id, archived: true });
    await expectMatchesOpenApi("GET", "/api/v1/constellations/{id}", foundProject);

    expectNotFound(await api.get(`/api/v1/customers/${foreignCustomer.id}`), "Foreign Customer Ltd");
    expectNotFound(await api.get(`/api/v1/constellations/${foreignProject.id}`), "Foreign secret project");
    // Ids of the other kind are no customers or projects.
    expectNotFound(await api.get(`/api/v1/customers/${project.id}`));
    expectNotFound(await api.get(`/api/v1/constellations/${customer.id}`));
  });

  it("an event: the exact body its deliveries carry, of every catalog type, valid against its `webhooks` schema; test events and others' → 404", async () => {
    const { admin, api } = await apiOrganization(["events:read"]);
    const other = await apiOrganization(["events:read"]);
    const sync = await admin.client.post("/api/app/time-logs/sync", {
      entries: [{ clientSessionId: `event-${Date.now()}`, description: "Billable", startedAt: "2026-03-12T09:00:00.000Z", durationSeconds: 3_600 }],
    });
    expect(sync.status, sync.text).toBe(200);
    const customer = await insertCustomer(admin.organizationId, { billingType: "hourly", hourlyRateCents: 10_000, currency: "EUR" });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-12T10:00:00.000Z", durationSeconds: 1_800 });
    const invoice = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" });
    expect(invoice.status, invoice.text).toBe(201);
    const otherSync = await other.admin.client.post("/api/app/time-logs/sync", {
      entries: [{ clientSessionId: `event-other-${Date.now()}`, description: "Foreign secret log", startedAt: new Date(Date.now() - 60_000).toISOString(), durationSeconds: 60 }],
    });
    expect(otherSync.status).toBe(200);

    const db = await getDb();
    const stored = await db.webhookEvent.findMany({ where: { organizationId: admin.organizationId } });
    expect(stored.map((event) => event.type).sort()).toEqual([...EVENT_TYPES].sort());
    const document = await openApiDocument();
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: "doc", components: document.components });
    for (const event of stored) {
      const found = await api.get(`/api/v1/events/${event.id}`);
      expect(found.status, found.text).toBe(200);
      expect(found.body.data).toEqual(JSON.parse(event.payload));
      await expectMatchesOpenApi("GET", "/api/v1/events/{id}", found);
      const schema = JSON.parse(JSON.stringify(document.webhooks[event.type].post.requestBody.content["application/json"].schema).replaceAll('"#/components/', '"doc#/components/'));
      const validate = ajv.compile(schema);
      expect(validate(JSON.parse(event.payload)), JSON.stringify(validate.errors)).toBe(true);
    }

    const foreign = await db.webhookEvent.findFirstOrThrow({ where: { organizationId: other.admin.organizationId } });
    expectNotFound(await api.get(`/api/v1/events/${foreign.id}`), "Foreign secret log");
    const test = await db.webhookEvent.create({
      data: { id: `evt_test_${Date.now()}`, organizationId: admin.organizationId, type: "time_log.created", payload: stored[0]!.payload, createdAt: new Date(), isTest: true },
    });
    expectNotFound(await api.get(`/api/v1/events/${test.id}`));
  });
});
