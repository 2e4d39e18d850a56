// Invoices a European client accepts (app-api section 17): the sender's legal name, address and VAT ID
// (Settings → Invoicing), the recipient's billing address and VAT ID, issue and due dates from payment
// terms (the organization's, or the customer's own), the tax rate on the tax line, each line's date and
// notes; a draft shows today's details, an issued invoice keeps the ones it was issued with.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { addMember, insertCustomer, insertTimeLog, signUpOrganization, type SignedInUser } from "../harness/factories";
import { expectErrorEnvelope } from "../harness/assertions";
import { eventsOf } from "../harness/outbox";

const INVOICES = "/api/app/invoices";
const PERIOD = { periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" };

const SENDER = {
  legalName: "Studio Nord GmbH",
  address: "Torstraße 1\n10119 Berlin\nGermany",
  vatId: "DE123456789",
  paymentTermsDays: 30,
  invoiceNotes: "IBAN DE02 1203 0000 0000 2020 51 · BIC BYLADEM1001",
};

/** The calendar day of an instant in a zone, and that day plus `days`, as YYYY-MM-DD. */
function dayIn(instant: string, timeZone: string, days = 0): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function europeanOrganization(): Promise<{ admin: SignedInUser; customerId: string; logIds: string[] }> {
  const admin = await signUpOrganization({ name: "Studio Nord" });
  expect((await admin.client.patch("/api/app/me/preferences", { timeZone: "Pacific/Kiritimati" })).status).toBe(200);
  expect((await admin.client.patch("/api/app/organization/settings", SENDER)).status).toBe(200);
  const customer = await insertCustomer(admin.organizationId, { name: "Globex", company: "Globex Austria GmbH", hourlyRateCents: 12_000, currency: "EUR", taxRateBps: 2_000 });
  const billing = await admin.client.patch(`/api/app/customers/${customer.id}`, { billingAddress: "Ring 5\n1010 Wien\nAustria", vatId: "ATU12345678" });
  expect(billing.status, billing.text).toBe(200);
  // PATCH /api/app/customers/:id answers the v1 shape: the invoicing details are not in it.
  expect(billing.body.data).not.toHaveProperty("vatId");
  expect(billing.body.data).not.toHaveProperty("billingAddress");
  const first = await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-02T08:30:00Z", durationSeconds: 3_600, description: "Workshop" });
  const second = await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-17T13:00:00Z", durationSeconds: 1_800, description: "Review" });
  return { admin, customerId: customer.id, logIds: [first.id, second.id] };
}

describe("an invoice as a document", () => {
  it("a draft shows today's sender, recipient, terms, tax rate, line dates and the organization's notes; issuing keeps them", async () => {
    const { admin, customerId, logIds } = await europeanOrganization();
    const created = await admin.client.post(INVOICES, { customerId, ...PERIOD });
    expect(created.status, created.text).toBe(201);
    // The create answer and the event keep their shapes (app-api section 4, contract 6.2).
    expect(Object.keys(created.body.data).sort()).toEqual(["currency", "customerId", "id", "lineItems", "number", "periodEnd", "periodStart", "status", "totalCents"]);
    for (const line of created.body.data.lineItems) expect(Object.keys(line).sort()).toEqual(["amountCents", "billedSeconds", "description", "seconds", "timeLogId"]);
    const [event] = await eventsOf(admin.organizationId, "invoice.created");
    expect(Object.keys(event!.data.invoice).sort()).toEqual(["currency", "customerId", "id", "number", "periodEnd", "periodStart", "status", "totalCents"]);
    const id = created.body.data.id;

    const draft = (await admin.client.get(`${INVOICES}/${id}`)).body.data;
    expect(draft).toMatchObject({
      status: "draft",
      subtotalCents: 18_000,
      taxRateBps: 2_000,
      taxCents: 3_600,
      totalCents: 21_600,
      notes: SENDER.invoiceNotes,
      sender: { name: "Studio Nord GmbH", address: SENDER.address, vatId: "DE123456789" },
      recipient: { name: "Globex Austria GmbH", address: "Ring 5\n1010 Wien\nAustria", vatId: "ATU12345678" },
      issueDate: null,
      dueDate: null,
      paymentTermsDays: 30,
      lineItems: [
        { timeLogId: logIds[0], description: "Workshop", startedAt: "2026-03-02T08:30:00.000Z", amountCents: 12_000 },
        { timeLogId: logIds[1], description: "Review", startedAt: "2026-03-17T13:00:00.000Z", amountCents: 6_000 },
      ],
    });

    // Until it is issued, a draft follows the details: the customer's own terms win over the organization's.
    await admin.client.patch(`/api/app/customers/${customerId}`, { paymentTermsDays: 10 });
    expect((await admin.client.get(`${INVOICES}/${id}`)).body.data.paymentTermsDays).toBe(10);

    const issued = await admin.client.post(`${INVOICES}/${id}/issue`);
    expect(issued.status, issued.text).toBe(200);
    const issueDate = dayIn(issued.body.data.issuedAt, "Pacific/Kiritimati");
    expect(issued.body.data).toMatchObject({ status: "issued", issueDate, dueDate: dayIn(issued.body.data.issuedAt, "Pacific/Kiritimati", 10), paymentTermsDays: 10 });
    const asIssued = issued.body.data;

    // Every later change of the details, the terms or the tax rate leaves the issued invoice as it was.
    await admin.client.patch("/api/app/organization/settings", { legalName: "Nord Holding AG", address: "Elsewhere 9", vatId: "DE999999999", paymentTermsDays: 60 });
    await admin.client.patch(`/api/app/customers/${customerId}`, { billingAddress: "Moved 1", vatId: "ATU99999999", paymentTermsDays: 45, taxRateBps: 1_000 });
    await (await getDb()).customer.update({ where: { id: customerId }, data: { company: "Renamed AG" } });
    expect((await admin.client.get(`${INVOICES}/${id}`)).body.data).toEqual(asIssued);
    const paid = (await admin.client.post(`${INVOICES}/${id}/pay`)).body.data;
    expect(paid).toMatchObject({ status: "paid", sender: asIssued.sender, recipient: asIssued.recipient, issueDate, dueDate: asIssued.dueDate, taxRateBps: 2_000 });

    // A new draft shows the new details.
    await insertTimeLog(admin, { customerId, startedAt: "2026-04-02T08:00:00Z", durationSeconds: 3_600 });
    const next = await admin.client.post(INVOICES, { customerId, periodStart: "2026-04-01T00:00:00.000Z", periodEnd: "2026-04-30T23:59:59.999Z" });
    expect((await admin.client.get(`${INVOICES}/${next.body.data.id}`)).body.data).toMatchObject({
      sender: { name: "Nord Holding AG", address: "Elsewhere 9", vatId: "DE999999999" },
      recipient: { name: "Renamed AG", address: "Moved 1", vatId: "ATU99999999" },
      paymentTermsDays: 45,
      taxRateBps: 1_000,
      taxCents: 1_200,
    });
  });

  it("falls back to the organization's name and the customer's name, and 14 days, when no details are set", async () => {
    const admin = await signUpOrganization({ name: "Tiny Shop" });
    const customer = await insertCustomer(admin.organizationId, { name: "Bob", hourlyRateCents: 5_000 });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-05T10:00:00Z", durationSeconds: 3_600 });
    const id = (await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD })).body.data.id;
    const issued = (await admin.client.post(`${INVOICES}/${id}/issue`)).body.data;
    // The admin's zone is the one given at sign-up (none here: UTC).
    expect(issued).toMatchObject({
      sender: { name: "Tiny Shop", address: null, vatId: null },
      recipient: { name: "Bob", address: null, vatId: null },
      notes: null,
      taxRateBps: 0,
      paymentTermsDays: 14,
      issueDate: dayIn(issued.issuedAt, "UTC"),
      dueDate: dayIn(issued.issuedAt, "UTC", 14),
    });
    const stored = await (await getDb()).invoice.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ senderName: "Tiny Shop", recipientName: "Bob", paymentTermsDays: 14 });
  });

  it("a fixed fee is dated by its period (its line has no start); notes given on create win over the organization's", async () => {
    const admin = await signUpOrganization();
    await admin.client.patch("/api/app/organization/settings", { invoiceNotes: "Default notes" });
    const customer = await insertCustomer(admin.organizationId, { billingType: "fixed", fixedRateCents: 250_000, taxRateBps: 700 });
    await insertTimeLog(admin, { customerId: customer.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 7_200 });
    const preview = await admin.client.post(`${INVOICES}/preview`, { customerId: customer.id, ...PERIOD });
    expect(preview.body.data).toMatchObject({ taxRateBps: 700, lineItems: [{ timeLogId: null, startedAt: null, description: "Fixed fee" }] });
    const created = await admin.client.post(INVOICES, { customerId: customer.id, ...PERIOD, notes: "  Reverse charge: VAT to be accounted for by the recipient.  " });
    const document = (await admin.client.get(`${INVOICES}/${created.body.data.id}`)).body.data;
    expect(document).toMatchObject({ notes: "Reverse charge: VAT to be accounted for by the recipient.", taxRateBps: 700, lineItems: [{ timeLogId: null, startedAt: null }] });

    const other = await insertCustomer(admin.organizationId, { hourlyRateCents: 100 });
    await insertTimeLog(admin, { customerId: other.id, startedAt: "2026-03-03T09:00:00Z", durationSeconds: 3_600 });
    const withoutNotes = await admin.client.post(INVOICES, { customerId: other.id, ...PERIOD, notes: null });
    expect((await admin.client.get(`${INVOICES}/${withoutNotes.body.data.id}`)).body.data.notes).toBeNull();
  });

  it("the preview shows the tax rate and each line's date, as the invoice will", async () => {
    const { admin, customerId, logIds } = await europeanOrganization();
    const preview = await admin.client.post(`${INVOICES}/preview`, { customerId, ...PERIOD });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      taxRateBps: 2_000,
      lineItems: [
        { timeLogId: logIds[0], startedAt: "2026-03-02T08:30:00.000Z" },
        { timeLogId: logIds[1], startedAt: "2026-03-17T13:00:00.000Z" },
      ],
    });
  });
});

describe("PATCH /api/app/invoices/:id (notes)", () => {
  it("changes a draft's notes, clears them with null, refuses bad input, issued invoices, members and strangers", async () => {
    const { admin, customerId } = await europeanOrganization();
    const id = (await admin.client.post(INVOICES, { customerId, ...PERIOD })).body.data.id;
    const changed = await admin.client.patch(`${INVOICES}/${id}`, { notes: "Thank you for your business." });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ id, notes: "Thank you for your business.", status: "draft" });
    expect((await admin.client.patch(`${INVOICES}/${id}`, { notes: null })).body.data.notes).toBeNull();

    for (const [body, field] of [
      [{ notes: "x".repeat(2001) }, "notes"],
      [{}, "notes"],
      [{ notes: 5 }, "notes"],
    ] as const) {
      const response = await admin.client.patch(`${INVOICES}/${id}`, body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe(field);
    }

    const member = await addMember(admin);
    const refused = await member.client.patch(`${INVOICES}/${id}`, { notes: "by a member" });
    expectErrorEnvelope(refused, 403, "forbidden");
    expect(refused.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    const stranger = await signUpOrganization();
    expectErrorEnvelope(await stranger.client.patch(`${INVOICES}/${id}`, { notes: "by a stranger" }), 404, "not_found");
    expectErrorEnvelope(await admin.client.patch(`${INVOICES}/does-not-exist`, { notes: "x" }), 404, "not_found");

    await admin.client.post(`${INVOICES}/${id}/issue`);
    const locked = await admin.client.patch(`${INVOICES}/${id}`, { notes: "after issue" });
    expectErrorEnvelope(locked, 409, "conflict");
    expect(locked.body.details).toEqual([{ field: "notes", message: "only a draft's notes can change" }]);
    expect((await (await getDb()).invoice.findUniqueOrThrow({ where: { id } })).notes).toBeNull();
  });

  it("issued twice at once: one issue applies, the other is a 409, and the invoice keeps one copy of the details", async () => {
    const { admin, customerId } = await europeanOrganization();
    const id = (await admin.client.post(INVOICES, { customerId, ...PERIOD })).body.data.id;
    const answers = await Promise.all([admin.client.post(`${INVOICES}/${id}/issue`), admin.client.post(`${INVOICES}/${id}/issue`)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.data;
    const stored = await (await getDb()).invoice.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ status: "issued", senderName: "Studio Nord GmbH", recipientVatId: "ATU12345678", issuedAt: new Date(winner.issuedAt) });
    // Voiding a draft is not issuing it: no details are copied.
    await insertTimeLog(admin, { customerId, startedAt: "2026-05-04T09:00:00Z", durationSeconds: 600 });
    const other = await admin.client.post(INVOICES, { customerId, periodStart: "2026-05-01T00:00:00.000Z", periodEnd: "2026-05-31T00:00:00.000Z" });
    await admin.client.post(`${INVOICES}/${other.body.data.id}/void`);
    expect(await (await getDb()).invoice.findUniqueOrThrow({ where: { id: other.body.data.id } })).toMatchObject({ status: "void", senderName: null, issueDate: null, dueDate: null });
  });
});
