// Invoices (app-api section 4): selection of unbilled billable logs, rounding, tax, fixed fees,
// per-organization numbers, the invoice.created event, and concurrency.
import { describe, expect, it, vi } from "vitest";
import { TestClient } from "../harness/http";
import { addMember, insertCustomer, insertEndpoint, insertTask, insertTimeLog, type SignedInUser, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import type { Prisma } from "@/generated/prisma/client";
import * as enqueue from "@/server/webhooks/enqueue";
import { deliveriesOf, deliveryCount, eventsOf } from "../harness/outbox";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";

const INVOICES = "/api/app/invoices";
const PERIOD = { periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" };


async function hourlyCustomer(owner: SignedInUser, billing: Partial<Prisma.CustomerUncheckedCreateInput> = {}) {
  return insertCustomer(owner.organizationId, { billingType: "hourly", hourlyRateCents: 10_000, currency: "EUR", ...billing });
}

async function sequenceOf(organizationId: string) {
  return (await (await getDb()).organization.findUniqueOrThrow({ where: { id: organizationId } })).invoiceSequence;
}

describe("POST /api/app/invoices: hourly", () => {
  it("bills each billable log of the customer in the period, rounded, with tax, and emits invoice.created", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin, { roundingIncrementMinutes: 15, roundingMode: "up", taxRateBps: 1_900 });
    const otherCustomer = await hourlyCustomer(admin);
    const task = await insertTask(admin.organizationId, { title: "Landing page", customerId: customer.id });
    const endpoint = await insertEndpoint(admin.organizationId, { eventTypes: ["invoice.created"] });
    await insertEndpoint(admin.organizationId, { eventTypes: ["time_log.created"] });
    const atStart = await insertTimeLog(admin, { customerId: customer.id, startedAt: PERIOD.periodStart, durationSeconds: 1_000, description: "Kickoff" });
    const middle = await insertTimeLog(admin, { customerId: customer.id, taskId: task.id, startedAt: "2026-03-10T09:00:00Z", durationSeconds: 60 });
    const atEnd = await insertTimeLog(admin, { customerId: customer.id, startedAt: PERIOD.periodEnd, durationSeconds: 3_600 });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-11T09:00:00Z", durationSeconds: 7_200, isBillable: false });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-02-28T23:59:59.999Z", durationSeconds: 7_200 });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-04-01T00:00:00.000Z", durationSeconds: 7_200 });
    await insertTimeLog(admin, { customerId: otherCustomer.id, startedAt: "2026-03-12T09:00:00Z", durationSeconds: 7_200 });
    await insertTimeLog(admin, { startedAt: "2026-03-12T09:00:00Z", durationSeconds: 7_200 });

    const response = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.any(String),
      number: "INV-0001",
      customerId: customer.id,
      totalCents: 20_825,
      currency: "EUR",
      status: "draft",
      periodStart: PERIOD.periodStart,
      periodEnd: PERIOD.periodEnd,
      lineItems: [
        { timeLogId: atStart.id, description: "Kickoff", seconds: 1_000, billedSeconds: 1_800, amountCents: 5_000 },
        { timeLogId: middle.id, description: "Landing page", seconds: 60, billedSeconds: 900, amountCents: 2_500 },
        { timeLogId: atEnd.id, description: "Time", seconds: 3_600, billedSeconds: 3_600, amountCents: 10_000 },
      ],
    });
    expect(response.body.meta).toEqual({ apiVersion: "v1", timestamp: expect.stringMatching(ISO_TIMESTAMP) });

    const stored = await (await getDb()).invoice.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(stored).toMatchObject({ organizationId: admin.organizationId, subtotalCents: 17_500, taxCents: 3_325, totalCents: 20_825, status: "draft" });

    const events = await eventsOf(admin.organizationId, "invoice.created");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      invoice: {
        id: response.body.data.id,
        number: "INV-0001",
        customerId: customer.id,
        totalCents: 20_825,
        currency: "EUR",
        status: "draft",
        periodStart: PERIOD.periodStart,
        periodEnd: PERIOD.periodEnd,
      },
      organizationId: admin.organizationId,
    });
    const deliveries = await deliveriesOf(events[0]!.id);
    expect(deliveries.map((delivery) => [delivery.endpointId, delivery.eventType, delivery.status])).toEqual([[endpoint.id, "invoice.created", "pending"]]);
  });

  it.each([
    // mode, increment, rate, tax bps, log seconds, expected line amounts, expected total
    ["down", 15, 6_000, 0, [899, 1_799, 3_600], [0, 1_500, 6_000], 7_500],
    ["nearest", 15, 6_000, 0, [449, 450, 1_349], [0, 1_500, 1_500], 3_000],
    ["nearest", 0, 1_800, 0, [1, 2, 3], [1, 1, 2], 4],
    ["up", 6, 9_999, 2_000, [1, 359, 361], [1_000, 1_000, 2_000], 4_800],
    ["up", 0, 3_333, 1_000, [1_000, 1_000], [926, 926], 2_037],
  ] as const)("rounds %s to %i min at %i c/h with %i bps", async (mode, increment, rate, bps, seconds, amounts, total) => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin, { roundingMode: mode, roundingIncrementMinutes: increment, hourlyRateCents: rate, taxRateBps: bps });
    for (const [index, duration] of seconds.entries()) {
      await insertTimeLog(admin, { customerId: customer.id, startedAt: new Date(Date.parse("2026-03-05T08:00:00Z") + index * 60_000), durationSeconds: duration });
    }
    const response = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.lineItems.map((line: { amountCents: number }) => line.amountCents)).toEqual([...amounts]);
    expect(response.body.data.totalCents).toBe(total);
  });

  it("refuses an invoice with nothing to bill (409): no number taken, nothing announced", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin, { taxRateBps: 2_000 });
    await insertEndpoint(admin.organizationId, { eventTypes: ["invoice.created"] });
    const response = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expectErrorEnvelope(response, 409, "conflict");
    expect(await (await getDb()).invoice.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect(await sequenceOf(admin.organizationId)).toBe(0);
    expect(await eventsOf(admin.organizationId, "invoice.created")).toHaveLength(0);
  });

  it("makes one invoice of four concurrent identical requests; the other three are 409 and announce nothing", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin);
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 3_600 });
    const responses = await Promise.all(Array.from({ length: 4 }, () => admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    expect(responses.find((response) => response.status === 201)!.body.data).toMatchObject({ number: "INV-0001", totalCents: 10_000 });
    expect(await (await getDb()).invoice.count({ where: { organizationId: admin.organizationId } })).toBe(1);
    expect(await eventsOf(admin.organizationId, "invoice.created")).toHaveLength(1);
  });

  it("never bills a log twice: a later invoice for the same period bills only logs added since", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin);
    const first = await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 3_600 });
    const a = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(a.body.data.lineItems.map((line: { timeLogId: string }) => line.timeLogId)).toEqual([first.id]);
    const again = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(again.status).toBe(409);
    const later = await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-20T09:00:00Z", durationSeconds: 1_800 });
    const wider = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: "2026-01-01T00:00:00Z", periodEnd: "2026-12-31T00:00:00+01:00" });
    expect(wider.body.data).toMatchObject({ number: "INV-0002", totalCents: 5_000, periodEnd: "2026-12-30T23:00:00.000Z" });
    expect(wider.body.data.lineItems.map((line: { timeLogId: string }) => line.timeLogId)).toEqual([later.id]);
    expect(await (await getDb()).invoiceLine.count({ where: { timeLogId: first.id } })).toBe(1);
  });

  it("lets two concurrent invoices for the same period bill each log once", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin);
    const logs = await Promise.all(
      Array.from({ length: 5 }, (_, index) => insertTimeLog(admin, { customerId: customer.id, startedAt: `2026-03-0${index + 1}T09:00:00Z`, durationSeconds: 3_600 })),
    );
    const responses = await Promise.all([admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD }), admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const created = responses.find((response) => response.status === 201)!;
    expect(created.body.data.number).toBe("INV-0001");
    const billed = created.body.data.lineItems.map((line: { timeLogId: string }) => line.timeLogId);
    expect(billed.sort()).toEqual(logs.map((log) => log.id).sort());
    expect(created.body.data.totalCents).toBe(50_000);
  });
});

describe("POST /api/app/invoices: through the app routes", () => {
  it("bills time committed by sync and by a timer, at the rate set with PATCH /api/app/customers/:id", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId);
    const billing = await admin.client.patch(`/api/app/customers/${customer.id}`, {
      hourlyRateCents: 12_000,
      currency: "CHF",
      taxRateBps: 810,
      roundingIncrementMinutes: 30,
      roundingMode: "up",
      billingType: "hourly",
    });
    expect(billing.status, billing.text).toBe(200);
    const task = await insertTask(admin.organizationId, { customerId: customer.id, title: "Audit" });
    const synced = await member.client.post("/api/app/time-logs/sync", {
      entries: [
        { clientSessionId: "m-1", taskId: task.id, startedAt: "2026-03-04T09:00:00Z", durationSeconds: 2_000 },
        { clientSessionId: "m-2", taskId: task.id, startedAt: "2026-03-04T13:00:00Z", durationSeconds: 600, isBillable: false },
      ],
    });
    expect(synced.status, synced.text).toBe(200);
    const started = await admin.client.post("/api/app/timers/start", { customerId: customer.id, description: "Call" });
    await (await getDb()).runningTimer.update({ where: { id: started.body.data.id }, data: { startedAt: new Date(Date.now() - 5 * 60_000) } });
    const stopped = await admin.client.post("/api/app/timers/stop");
    expect(stopped.status).toBe(200);

    const response = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: "2026-01-01T00:00:00Z", periodEnd: new Date(Date.now() + 60_000).toISOString() });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data.currency).toBe("CHF");
    expect(response.body.data.lineItems).toEqual([
      { timeLogId: synced.body.data.committed[0].id, description: "Audit", seconds: 2_000, billedSeconds: 3_600, amountCents: 12_000 },
      { timeLogId: stopped.body.data.id, description: "Call", seconds: stopped.body.data.durationSeconds, billedSeconds: 1_800, amountCents: 6_000 },
    ]);
    // 18,000 + 8.1 % tax (1,458) = 19,458.
    expect(response.body.data.totalCents).toBe(19_458);
  });
});

describe("POST /api/app/invoices: fixed fee", () => {
  it("bills one line of fixedRateCents plus tax and covers the period's logs", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId, { billingType: "fixed", fixedRateCents: 150_000, hourlyRateCents: 10_000, taxRateBps: 1_000, currency: "GBP" });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-02T09:00:00Z", durationSeconds: 3_600 });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 1_800 });
    const response = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({
      number: "INV-0001",
      totalCents: 165_000,
      currency: "GBP",
      lineItems: [{ timeLogId: null, description: "Fixed fee", seconds: 5_400, billedSeconds: 5_400, amountCents: 150_000 }],
    });
    const [event] = await eventsOf(admin.organizationId, "invoice.created");
    expect(event!.data.invoice.totalCents).toBe(165_000);

    // The covered logs are not billed again, even if the customer moves to hourly billing.
    await (await getDb()).customer.update({ where: { id: customer.id }, data: { billingType: "hourly" } });
    const hourly = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(hourly.status).toBe(409);
  });

  it("bills a fixed fee even without logs, but refuses a second fee for an overlapping period", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId, { billingType: "fixed", fixedRateCents: 99_999 });
    const march = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(march.body.data).toMatchObject({ totalCents: 99_999, lineItems: [{ timeLogId: null, seconds: 0, billedSeconds: 0, amountCents: 99_999 }] });
    const overlap = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: "2026-03-15T00:00:00Z", periodEnd: "2026-04-15T00:00:00Z" });
    expectErrorEnvelope(overlap, 409, "conflict");
    expect(overlap.body.message).toContain("INV-0001");
    const april = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: "2026-04-01T00:00:00Z", periodEnd: "2026-04-30T23:59:59.999Z" });
    expect(april.status).toBe(201);
    expect(april.body.data.number).toBe("INV-0002");
  });
});

describe("POST /api/app/invoices: numbering", () => {
  it("numbers per organization from INV-0001 and consumes no number on a refused request", async () => {
    const first = await signUpOrganization();
    const second = await signUpOrganization();
    const a = await hourlyCustomer(first);
    const b = await hourlyCustomer(second);
    const refused = await first.client.post(INVOICES, { customerId: b.id, ...PERIOD });
    expectErrorEnvelope(refused, 400, "validation_error");
    const numbers: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      await insertTimeLog(first, { customerId: a.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 60 });
      numbers.push((await first.client.post(INVOICES, { customerId: a.id, ...PERIOD })).body.data.number);
    }
    expect(numbers).toEqual(["INV-0001", "INV-0002", "INV-0003"]);
    await insertTimeLog(second, { customerId: b.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 60 });
    expect((await second.client.post(INVOICES, { customerId: b.id, ...PERIOD })).body.data.number).toBe("INV-0001");
    expect(await sequenceOf(first.organizationId)).toBe(3);
    expect(await sequenceOf(second.organizationId)).toBe(1);
  });

  it("hands out distinct numbers to concurrent invoices", async () => {
    const admin = await signUpOrganization();
    const customers = await Promise.all(Array.from({ length: 4 }, () => hourlyCustomer(admin)));
    for (const customer of customers) await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 60 });
    const responses = await Promise.all(customers.map((customer) => admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })));
    expect(responses.map((response) => response.body.data.number).sort()).toEqual(["INV-0001", "INV-0002", "INV-0003", "INV-0004"]);
  });
});

describe("POST /api/app/invoices: refusals", () => {
  it("validates the body with one detail per field", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin);
    const missing = await admin.client.post(INVOICES, {});
    expectErrorEnvelope(missing, 400, "validation_error");
    expect(missing.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(["customerId", "periodEnd", "periodStart"]);
    const dateOnly = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: "2026-03-01", periodEnd: "2026-03-31T00:00:00" });
    expect(dateOnly.body.details.map((detail: { field: string }) => detail.field)).toEqual(["periodStart", "periodEnd"]);
    const impossible = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: "2026-02-30T00:00:00Z", periodEnd: "2026-03-31T00:00:00Z" });
    expect(impossible.body.details).toEqual([{ field: "periodStart", message: "is not a valid date" }]);
    const reversed = await admin.client.post(INVOICES, { customerId: customer.id, periodStart: PERIOD.periodEnd, periodEnd: PERIOD.periodStart });
    expectErrorEnvelope(reversed, 400, "validation_error");
    expect(reversed.body.details).toEqual([{ field: "periodEnd", message: expect.any(String) }]);
    expect(await sequenceOf(admin.organizationId)).toBe(0);
  });

  it("answers 400 for a customer of another organization or an unknown one, leaking nothing", async () => {
    const admin = await signUpOrganization();
    const other = await signUpOrganization();
    const foreign = await hourlyCustomer(other, { name: "Secret Corp" });
    await insertTimeLog(other, { customerId: foreign.id, startedAt: "2026-03-02T09:00:00Z", durationSeconds: 3_600 });
    for (const customerId of [foreign.id, "missing"]) {
      const response = await admin.client.post(INVOICES, { customerId, ...PERIOD });
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details).toEqual([{ field: "customerId", message: expect.any(String) }]);
      expect(response.text).not.toContain("Secret Corp");
    }
    const db = await getDb();
    expect(await db.invoice.count({ where: { organizationId: { in: [admin.organizationId, other.organizationId] } } })).toBe(0);
    expect(await db.webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect(await sequenceOf(admin.organizationId)).toBe(0);
  });

  it("answers 400 naming the missing rate for a customer without one", async () => {
    const admin = await signUpOrganization();
    const hourly = await insertCustomer(admin.organizationId, { billingType: "hourly" });
    const fixed = await insertCustomer(admin.organizationId, { billingType: "fixed", hourlyRateCents: 5_000 });
    await insertTimeLog(admin, { customerId: hourly.id, startedAt: "2026-03-02T09:00:00Z", durationSeconds: 3_600 });
    const noRate = await admin.client.post(INVOICES, { customerId: hourly.id, ...PERIOD });
    expectErrorEnvelope(noRate, 400, "validation_error");
    expect(noRate.body.message).toContain("hourlyRateCents");
    expect(noRate.body.details).toEqual([{ field: "customerId", message: expect.stringContaining("hourlyRateCents") }]);
    const noFee = await admin.client.post(INVOICES, { customerId: fixed.id, ...PERIOD });
    expectErrorEnvelope(noFee, 400, "validation_error");
    expect(noFee.body.message).toContain("fixedRateCents");
    expect(await sequenceOf(admin.organizationId)).toBe(0);
    expect(await (await getDb()).invoiceLine.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });

  it("is for admins only: a member gets 403 with the role detail, no session 401", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await hourlyCustomer(admin);
    const forbidden = await member.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expectErrorEnvelope(forbidden, 403, "forbidden");
    expect(forbidden.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    expectErrorEnvelope(await new TestClient().post(INVOICES, { customerId: customer.id, ...PERIOD }), 401, "unauthorized");
    expect(await sequenceOf(admin.organizationId)).toBe(0);
  });

  it("writes no invoice, line or number when the event cannot be written", async () => {
    const admin = await signUpOrganization();
    const customer = await hourlyCustomer(admin);
    await insertEndpoint(admin.organizationId);
    const log = await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-02T09:00:00Z", durationSeconds: 3_600 });
    const spy = vi.spyOn(enqueue, "enqueueEvent").mockRejectedValue(new Error("outbox unavailable"));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expectErrorEnvelope(await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD }), 500, "internal_error");
    } finally {
      spy.mockRestore();
      consoleError.mockRestore();
    }
    const db = await getDb();
    expect(await db.invoice.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect(await db.invoiceLine.count({ where: { timeLogId: log.id } })).toBe(0);
    expect(await deliveryCount(admin.organizationId)).toBe(0);
    expect(await sequenceOf(admin.organizationId)).toBe(0);
    const retry = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(retry.body.data).toMatchObject({ number: "INV-0001", totalCents: 10_000 });
  });
});
