// Invoices in the web app: preview (the same lines and totals as create, nothing written), the list,
// one invoice with subtotal and tax, and the lifecycle draft → issued → paid, draft or issued → void.
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, insertTask, insertTimeLog, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import { expectErrorEnvelope, ISO_TIMESTAMP } from "../harness/assertions";

const INVOICES = "/api/app/invoices";
const PERIOD = { periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" };


async function billedOrganization() {
  const admin = await signUpOrganization();
  const customer = await insertCustomer(admin.organizationId, {
    name: "Globex",
    billingType: "hourly",
    hourlyRateCents: 10_000,
    currency: "EUR",
    taxRateBps: 1_900,
    roundingIncrementMinutes: 15,
    roundingMode: "up",
    paymentLinkUrl: "https://pay.example/globex",
  });
  const task = await insertTask(admin.organizationId, { title: "Landing page", customerId: customer.id });
  const kickoff = await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-02T09:00:00Z", durationSeconds: 1_000, description: "Kickoff" });
  const build = await insertTimeLog(admin, { customerId: customer.id, taskId: task.id, startedAt: "2026-03-10T09:00:00Z", durationSeconds: 60 });
  return { admin, customer, kickoff, build };
}

const EXPECTED_LINES = (kickoffId: string, buildId: string) => [
  { timeLogId: kickoffId, description: "Kickoff", seconds: 1_000, billedSeconds: 1_800, amountCents: 5_000 },
  { timeLogId: buildId, description: "Landing page", seconds: 60, billedSeconds: 900, amountCents: 2_500 },
];

describe("POST /api/app/invoices/preview", () => {
  it("shows the lines and totals create will bill, writes nothing, and create then bills exactly that", async () => {
    const { admin, customer, kickoff, build } = await billedOrganization();
    const preview = await admin.client.post(`${INVOICES}/preview`, { customerId: customer.id, ...PERIOD });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toEqual({
      customerId: customer.id,
      customerName: "Globex",
      currency: "EUR",
      ...PERIOD,
      subtotalCents: 7_500,
      taxRateBps: 1_900,
      taxCents: 1_425,
      totalCents: 8_925,
      // The preview dates each line, as the invoice page does.
      lineItems: EXPECTED_LINES(kickoff.id, build.id).map((line, index) => ({ ...line, startedAt: [kickoff, build][index]!.startedAt.toISOString() })),
    });
    const db = await getDb();
    expect(await db.invoice.count({ where: { organizationId: admin.organizationId } })).toBe(0);
    expect((await db.organization.findUniqueOrThrow({ where: { id: admin.organizationId } })).invoiceSequence).toBe(0);
    expect(await db.webhookEvent.count({ where: { organizationId: admin.organizationId } })).toBe(0);

    const created = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ number: "INV-0001", totalCents: 8_925, lineItems: EXPECTED_LINES(kickoff.id, build.id) });

    const after = await admin.client.post(`${INVOICES}/preview`, { customerId: customer.id, ...PERIOD });
    expect(after.body.data).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0, lineItems: [] });
  });

  it("answers the errors create would: missing rate, foreign customer, reversed period; member 403", async () => {
    const { admin } = await billedOrganization();
    const rateless = await insertCustomer(admin.organizationId, { name: "No rate" });
    const stranger = await signUpOrganization();
    const theirs = await insertCustomer(stranger.organizationId, { hourlyRateCents: 100 });
    for (const [body, field] of [
      [{ customerId: rateless.id, ...PERIOD }, "customerId"],
      [{ customerId: theirs.id, ...PERIOD }, "customerId"],
      [{ customerId: rateless.id, periodStart: PERIOD.periodEnd, periodEnd: PERIOD.periodStart }, "periodEnd"],
      [{ customerId: rateless.id, periodStart: "2026-03-01", periodEnd: PERIOD.periodEnd }, "periodStart"],
    ] as const) {
      const response = await admin.client.post(`${INVOICES}/preview`, body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe(field);
    }
    const member = await addMember(admin);
    expectErrorEnvelope(await member.client.post(`${INVOICES}/preview`, { customerId: rateless.id, ...PERIOD }), 403, "forbidden");
  });

  it("a fixed-fee customer previews its fee line, and a second overlapping fee is the same 409 as create", async () => {
    const admin = await signUpOrganization();
    const customer = await insertCustomer(admin.organizationId, { billingType: "fixed", fixedRateCents: 250_000, taxRateBps: 1_000 });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 7_200 });
    const preview = await admin.client.post(`${INVOICES}/preview`, { customerId: customer.id, ...PERIOD });
    expect(preview.body.data).toMatchObject({
      subtotalCents: 250_000,
      taxCents: 25_000,
      totalCents: 275_000,
      lineItems: [{ timeLogId: null, description: "Fixed fee", seconds: 7_200, billedSeconds: 7_200, amountCents: 250_000 }],
    });
    expect((await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })).status).toBe(201);
    expectErrorEnvelope(await admin.client.post(`${INVOICES}/preview`, { customerId: customer.id, ...PERIOD }), 409, "conflict");
  });
});

describe("GET /api/app/invoices and /api/app/invoices/:id", () => {
  it("lists newest first with customer names, filters by status and customer, pages by cursor, and shows one invoice whole", async () => {
    const { admin, customer, kickoff, build } = await billedOrganization();
    const other = await insertCustomer(admin.organizationId, { name: "Initech", hourlyRateCents: 5_000 });
    for (const startedAt of ["2026-03-05T09:00:00Z", "2026-04-05T09:00:00Z"]) await insertTimeLog(admin, { customerId: other.id, startedAt, durationSeconds: 600 });
    const first = (await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })).body.data;
    const second = (await admin.client.post(INVOICES, { customerId: other.id, ...PERIOD })).body.data;
    const third = (await admin.client.post(INVOICES, { customerId: other.id, periodStart: "2026-04-01T00:00:00.000Z", periodEnd: "2026-04-30T00:00:00.000Z" })).body.data;
    await admin.client.post(`${INVOICES}/${first.id}/issue`);
    const stranger = await signUpOrganization();
    const strangers = await insertCustomer(stranger.organizationId, { hourlyRateCents: 1 });
    await insertTimeLog(stranger, { customerId: strangers.id, startedAt: "2026-03-05T09:00:00Z", durationSeconds: 600 });
    expect((await stranger.client.post(INVOICES, { customerId: strangers.id, ...PERIOD })).status).toBe(201);

    const list = await admin.client.get(INVOICES);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((row: { number: string }) => row.number)).toEqual(["INV-0003", "INV-0002", "INV-0001"]);
    expect(list.body.data[2]).toEqual({
      id: first.id,
      number: "INV-0001",
      customerId: customer.id,
      customerName: "Globex",
      totalCents: 8_925,
      currency: "EUR",
      status: "issued",
      ...PERIOD,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      issuedAt: expect.stringMatching(ISO_TIMESTAMP),
      paidAt: null,
      voidedAt: null,
    });
    expect((await admin.client.get(`${INVOICES}?status=issued`)).body.data.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect((await admin.client.get(`${INVOICES}?customerId=${other.id}`)).body.data.map((row: { id: string }) => row.id)).toEqual([third.id, second.id]);

    const page1 = await admin.client.get(`${INVOICES}?limit=2`);
    expect(page1.body.pagination).toEqual({ hasMore: true, cursor: expect.any(String) });
    const page2 = await admin.client.get(`${INVOICES}?limit=2&cursor=${page1.body.pagination.cursor}`);
    expect(page2.body.data.map((row: { id: string }) => row.id)).toEqual([first.id]);
    expect(page2.body.pagination).toEqual({ hasMore: false });

    const one = await admin.client.get(`${INVOICES}/${first.id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toMatchObject({
      number: "INV-0001",
      customerName: "Globex",
      subtotalCents: 7_500,
      taxCents: 1_425,
      totalCents: 8_925,
      paymentLinkUrl: "https://pay.example/globex",
      lineItems: EXPECTED_LINES(kickoff.id, build.id),
    });
    expectErrorEnvelope(await stranger.client.get(`${INVOICES}/${first.id}`), 404, "not_found");
    expect((await stranger.client.get(INVOICES)).body.data).toHaveLength(1);
    expectErrorEnvelope(await (await addMember(admin)).client.get(INVOICES), 403, "forbidden");
  });
});

describe("invoice status changes", () => {
  async function draft() {
    const { admin, customer } = await billedOrganization();
    const invoice = (await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })).body.data;
    return { admin, invoice };
  }
  const statusOf = async (id: string) => (await getDb()).invoice.findUniqueOrThrow({ where: { id } });

  it("draft → issued → paid, each stamped once; a paid invoice cannot be voided or issued again", async () => {
    const { admin, invoice } = await draft();
    const issued = await admin.client.post(`${INVOICES}/${invoice.id}/issue`);
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.data).toMatchObject({ status: "issued", issuedAt: expect.stringMatching(ISO_TIMESTAMP), paidAt: null });
    expectErrorEnvelope(await admin.client.post(`${INVOICES}/${invoice.id}/issue`), 409, "conflict");

    const paid = await admin.client.post(`${INVOICES}/${invoice.id}/pay`);
    expect(paid.body.data).toMatchObject({ status: "paid", issuedAt: issued.body.data.issuedAt, paidAt: expect.stringMatching(ISO_TIMESTAMP) });
    for (const action of ["void", "issue", "pay"]) {
      const refused = await admin.client.post(`${INVOICES}/${invoice.id}/${action}`);
      expectErrorEnvelope(refused, 409, "conflict");
      expect(refused.body.details).toEqual([{ field: "status", message: expect.stringContaining("cannot change from paid") }]);
    }
    expect(await statusOf(invoice.id)).toMatchObject({ status: "paid", voidedAt: null });
  });

  it("a draft cannot be paid; a draft or an issued invoice can be voided, and a void one moves no more", async () => {
    const { admin, invoice } = await draft();
    expectErrorEnvelope(await admin.client.post(`${INVOICES}/${invoice.id}/pay`), 409, "conflict");
    const voided = await admin.client.post(`${INVOICES}/${invoice.id}/void`);
    expect(voided.body.data).toMatchObject({ status: "void", voidedAt: expect.stringMatching(ISO_TIMESTAMP), issuedAt: null });
    for (const action of ["issue", "pay", "void"]) expectErrorEnvelope(await admin.client.post(`${INVOICES}/${invoice.id}/${action}`), 409, "conflict");

    const other = await draft();
    await other.admin.client.post(`${INVOICES}/${other.invoice.id}/issue`);
    expect((await other.admin.client.post(`${INVOICES}/${other.invoice.id}/void`)).body.data.status).toBe("void");
  });

  it("two concurrent moves from issued (pay and void): exactly one applies", async () => {
    const { admin, invoice } = await draft();
    await admin.client.post(`${INVOICES}/${invoice.id}/issue`);
    const [pay, voided] = await Promise.all([admin.client.post(`${INVOICES}/${invoice.id}/pay`), admin.client.post(`${INVOICES}/${invoice.id}/void`)]);
    expect([pay.status, voided.status].sort()).toEqual([200, 409]);
    const winner = pay.status === 200 ? "paid" : "void";
    expect((await statusOf(invoice.id)).status).toBe(winner);
  });

  it("members, strangers and unknown ids change nothing", async () => {
    const { admin, invoice } = await draft();
    const member = await addMember(admin);
    const stranger = await signUpOrganization();
    const forbidden = await member.client.post(`${INVOICES}/${invoice.id}/issue`);
    expectErrorEnvelope(forbidden, 403, "forbidden");
    expect(forbidden.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    expectErrorEnvelope(await stranger.client.post(`${INVOICES}/${invoice.id}/issue`), 404, "not_found");
    expectErrorEnvelope(await admin.client.post(`${INVOICES}/does-not-exist/issue`), 404, "not_found");
    expectErrorEnvelope(await admin.client.post(`${INVOICES}/${invoice.id}/issue`, undefined, { headers: { origin: "https://evil.example" } }), 403, "forbidden");
    expect(await statusOf(invoice.id)).toMatchObject({ status: "draft", issuedAt: null });
  });
});
