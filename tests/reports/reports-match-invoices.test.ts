// Reports that match invoices (app-api section 17): billed seconds and tax beside raw seconds and
// amounts, computed by the invoices' own arithmetic; the `invoiced` filter; the PDF's period in the
// report's zone, its filters and its detail table, read back as text.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, insertTimeLog, signUpOrganization, type SignedInUser } from "../harness/factories";
import { pdfText } from "../harness/pdf";
import { expectErrorEnvelope } from "../harness/assertions";

const MARCH = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
const INVOICE_PERIOD = { periodStart: "2026-03-01T00:00:00.000Z", periodEnd: "2026-03-31T23:59:59.999Z" };

const report = (user: SignedInUser, query: Record<string, string>) => user.client.get(`/api/app/reports/time?${new URLSearchParams({ ...MARCH, ...query })}`);

/** Logs through the web app's own sync route, as the timer and Add time write them. */
async function logTime(user: SignedInUser, entries: Array<{ startedAt: string; durationSeconds: number; customerId?: string; isBillable?: boolean; description?: string }>) {
  const response = await user.client.post("/api/app/time-logs/sync", { entries: entries.map((entry) => ({ clientSessionId: randomUUID(), isBillable: true, ...entry })) });
  expect(response.status, response.text).toBe(200);
}

interface InvoiceLine {
  billedSeconds: number;
}

interface Invoice {
  id: string;
  number: string;
  currency: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  lineItems: InvoiceLine[];
}

interface Amount {
  currency: string;
  amountCents: number;
  taxCents: number;
}

/** Three customers with different rates, rounding, tax and currencies, two members' time across March, and a stranger's. */
async function studio() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 12_345, currency: "EUR", roundingIncrementMinutes: 7, roundingMode: "nearest", taxRateBps: 1_900 });
  const initech = await insertCustomer(admin.organizationId, { name: "Initech", hourlyRateCents: 9_999, currency: "USD", roundingIncrementMinutes: 15, roundingMode: "up", taxRateBps: 825 });
  const umbrella = await insertCustomer(admin.organizationId, { name: "Umbrella", hourlyRateCents: 15_000, currency: "EUR", roundingIncrementMinutes: 6, roundingMode: "down", taxRateBps: 700 });
  const customers = [globex, initech, umbrella];
  const durations = [1, 209, 211, 419, 3_599, 3_601, 5_000, 12_345, 777, 1_234, 2_999, 43_200];
  for (const [index, seconds] of durations.entries()) {
    const customer = customers[index % 3]!;
    await logTime(index % 2 ? member : admin, [{ startedAt: `2026-03-${String(2 + index).padStart(2, "0")}T09:00:00Z`, durationSeconds: seconds, customerId: customer.id, description: `Work ${index}` }]);
  }
  // Not billed: non-billable time, time outside the period, time without a customer.
  await logTime(admin, [
    { startedAt: "2026-03-20T09:00:00Z", durationSeconds: 5_000, customerId: globex.id, isBillable: false },
    { startedAt: "2026-04-02T09:00:00Z", durationSeconds: 7_200, customerId: initech.id },
    { startedAt: "2026-03-21T09:00:00Z", durationSeconds: 1_000 },
  ]);
  const stranger = await signUpOrganization();
  const theirs = await insertCustomer(stranger.organizationId, { name: "Globex", hourlyRateCents: 1, currency: "EUR" });
  await insertTimeLog(stranger, { startedAt: "2026-03-05T09:00:00Z", durationSeconds: 9_000, customerId: theirs.id });
  return { admin, member, globex, initech, umbrella };
}

async function invoice(admin: SignedInUser, customerId: string): Promise<Invoice> {
  const created = await admin.client.post("/api/app/invoices", { customerId, ...INVOICE_PERIOD });
  expect(created.status, created.text).toBe(201);
  const issued = await admin.client.post(`/api/app/invoices/${created.body.data.id}/issue`);
  expect(issued.status, issued.text).toBe(200);
  // The invoice page's document: its subtotal, tax and total as the customer reads them.
  const document = await admin.client.get(`/api/app/invoices/${created.body.data.id}`);
  expect(document.status, document.text).toBe(200);
  expect(document.body.data.totalCents).toBe(document.body.data.subtotalCents + document.body.data.taxCents);
  return document.body.data;
}

const billedOf = (invoice: Invoice) => invoice.lineItems.reduce((sum, line) => sum + line.billedSeconds, 0);

describe("reports that match invoices", () => {
  it("bills the same seconds, amounts and tax as the invoices of the same time, to the cent, per customer and in total", async () => {
    const { admin, globex, initech, umbrella } = await studio();
    const before = await report(admin, { groupBy: "customer", invoiced: "false", isBillable: "true" });
    expect(before.status, before.text).toBe(200);

    const invoices = { globex: await invoice(admin, globex.id), initech: await invoice(admin, initech.id), umbrella: await invoice(admin, umbrella.id) };
    // Different rounding, rates and tax: a report adding raw seconds would be off.
    expect(billedOf(invoices.globex)).not.toBe(before.body.data.groups.find((group: { key: string }) => group.key === globex.id).billableSeconds);

    const after = await report(admin, { groupBy: "customer", invoiced: "true" });
    expect(after.status, after.text).toBe(200);
    const groups = new Map<string, { billedSeconds: number; amounts: Amount[] }>(after.body.data.groups.map((group: { key: string }) => [group.key, group]));
    for (const [customer, billed] of [[globex, invoices.globex], [initech, invoices.initech], [umbrella, invoices.umbrella]] as const) {
      const group = groups.get(customer.id)!;
      expect(group.billedSeconds, customer.name).toBe(billedOf(billed));
      expect(group.amounts, customer.name).toEqual([{ currency: billed.currency, amountCents: billed.subtotalCents, taxCents: billed.taxCents }]);
      // What the report said was left to invoice is what the invoice billed.
      const beforeGroup = before.body.data.groups.find((group: { key: string }) => group.key === customer.id);
      expect(beforeGroup.billedSeconds).toBe(billedOf(billed));
      expect(beforeGroup.amounts).toEqual(group.amounts);
    }
    // Totals per currency: EUR holds two customers, each taxed at its own rate on its own subtotal.
    expect(after.body.data.totals.amounts).toEqual([
      { currency: "EUR", amountCents: invoices.globex.subtotalCents + invoices.umbrella.subtotalCents, taxCents: invoices.globex.taxCents + invoices.umbrella.taxCents },
      { currency: "USD", amountCents: invoices.initech.subtotalCents, taxCents: invoices.initech.taxCents },
    ]);
    expect(after.body.data.totals.billedSeconds).toBe(billedOf(invoices.globex) + billedOf(invoices.initech) + billedOf(invoices.umbrella));
    expect(after.body.data.filters).toEqual([{ field: "invoiced", label: "Invoiced", value: "Invoiced only" }]);

    // Nothing billable is left uninvoiced in March; the non-billable log and the log without a customer are.
    const left = await report(admin, { groupBy: "customer", invoiced: "false" });
    expect(left.body.data.totals).toMatchObject({ seconds: 6_000, billableSeconds: 1_000, billedSeconds: 1_000, amounts: [] });

    // A void invoice bills nothing: its time is not invoiced any more.
    expect((await admin.client.post(`/api/app/invoices/${invoices.initech.id}/void`)).status).toBe(200);
    const voided = await report(admin, { groupBy: "customer", invoiced: "true" });
    expect(voided.body.data.groups.map((group: { key: string }) => group.key).sort()).toEqual([globex.id, umbrella.id].sort());
    const unbilled = await report(admin, { groupBy: "customer", invoiced: "false", customerId: initech.id });
    expect(unbilled.body.data.totals.amounts).toEqual([{ currency: "USD", amountCents: invoices.initech.subtotalCents, taxCents: invoices.initech.taxCents }]);

    // The detail pages and the CSV follow the filter; the CSV names each log's invoice.
    const logs = await admin.client.get(`/api/app/reports/time/logs?${new URLSearchParams({ ...MARCH, invoiced: "true", limit: "100" })}`);
    expect(logs.status, logs.text).toBe(200);
    expect(logs.body.data).toHaveLength(invoices.globex.lineItems.length + invoices.umbrella.lineItems.length);
    const csv = await report(admin, { groupBy: "customer", invoiced: "true", format: "csv" });
    const rows = csv.text.replace(/^\uFEFF/, "").trim().split("\n").slice(1);
    expect(rows).toHaveLength(logs.body.data.length);
    expect(new Set(rows.map((row) => row.split(",")[12]))).toEqual(new Set([invoices.globex.number, invoices.umbrella.number]));
  }, 180_000);

  it("states the period in the report's zone, the filters and every log in the PDF, in the person's clock and duration format", async () => {
    const { admin, member, globex } = await studio();
    expect((await admin.client.patch("/api/app/me/preferences", { timeZone: "Europe/Berlin", timeFormat: "h12", durationFormat: "decimal" })).status).toBe(200);
    // 1 to 31 March in Berlin: from 2026-02-28T23:00Z to 2026-03-31T22:00Z (summer time from the 29th).
    const query = { from: "2026-02-28T23:00:00.000Z", to: "2026-03-31T22:00:00.000Z", groupBy: "customer,member", customerId: globex.id, userId: member.userId, isBillable: "true" };
    const json = await admin.client.get(`/api/app/reports/time?${new URLSearchParams(query)}`);
    expect(json.body.data.period).toEqual({ firstDay: "2026-03-01", lastDay: "2026-03-31" });
    expect(json.body.data.filters).toEqual([
      { field: "customerId", label: "Customer", value: "Globex" },
      { field: "userId", label: "Member", value: "Max Member" },
      { field: "isBillable", label: "Billable", value: "Billable only" },
    ]);

    const pdf = await admin.client.get(`/api/app/reports/time?${new URLSearchParams({ ...query, format: "pdf" })}`);
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="time-report-2026-03-01-to-2026-03-31.pdf"');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain("2026-03-01 to 2026-03-31 (Europe/Berlin), by customer, then member");
    expect(text).not.toContain("2026-02-28");
    expect(text).toContain("Filters: Customer: Globex; Member: Max Member; Billable: Billable only");
    const { totals } = json.body.data;
    const hours = (seconds: number) => (seconds / 3600).toFixed(2);
    expect(text).toContain(`Total ${hours(totals.seconds)}, billable ${hours(totals.billableSeconds)}, billed ${hours(totals.billedSeconds)}`);
    const [eur] = totals.amounts as Amount[];
    const money = (cents: number) => `EUR ${(cents / 100).toLocaleString("en", { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Amount ${money(eur!.amountCents)} before tax, tax ${money(eur!.taxCents)}, total ${money(eur!.amountCents + eur!.taxCents)}`);
    // The detail table: the member's Globex logs, at 10:00 Berlin time (09:00Z) in a 12-hour clock.
    const details = await admin.client.get(`/api/app/reports/time/logs?${new URLSearchParams({ from: query.from, to: query.to, customerId: globex.id, userId: member.userId, isBillable: "true", limit: "100" })}`);
    expect(details.body.data.length).toBeGreaterThan(0);
    expect(text).toContain(`Time logs (${details.body.data.length})`);
    for (const log of details.body.data as Array<{ startedAt: string; durationSeconds: number; description: string }>) {
      const line = text.split("\n").find((candidate) => candidate.includes(log.description))!;
      expect(line, log.description).toBeDefined();
      expect(line).toContain(`${log.startedAt.slice(0, 10)} 10:00 AM Max Member Globex`);
      expect(line).toContain(hours(log.durationSeconds));
    }

    // In a 24-hour clock and h:mm, the same PDF says so.
    await admin.client.patch("/api/app/me/preferences", { timeFormat: "h24", durationFormat: "hm" });
    const again = await pdfText((await admin.client.get(`/api/app/reports/time?${new URLSearchParams({ ...query, format: "pdf" })}`)).bytes);
    expect(again).toContain("10:00 Max Member Globex");
    expect(again).not.toContain("AM");
    const hm = (seconds: number) => `${Math.floor(seconds / 3600)}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}`;
    expect(again).toContain(`Total ${hm(totals.seconds)}`);
  }, 180_000);

  it("keeps the invoiced filter in a saved report and on its shared page, with its owner's formats", async () => {
    const { admin, globex } = await studio();
    await admin.client.patch("/api/app/me/preferences", { timeFormat: "h12", durationFormat: "decimal" });
    await invoice(admin, globex.id);
    const saved = await admin.client.post("/api/app/reports/saved", { name: "Left to bill", query: { range: MARCH, groupBy: "customer", invoiced: false }, showAmounts: true });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data.query.invoiced).toBe(false);
    const shared = await admin.client.post(`/api/app/reports/saved/${saved.body.data.id}/share`);
    const token = new URL(shared.body.data.url).pathname.split("/").pop()!;
    const opened = await new (admin.client.constructor as new () => SignedInUser["client"])().get(`/api/public/reports/${token}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data.display).toEqual({ timeFormat: "h12", durationFormat: "decimal" });
    expect(opened.body.data.report.filters).toEqual([{ field: "invoiced", label: "Invoiced", value: "Not invoiced" }]);
    // Of Globex only its non-billable time is left: nothing to bill.
    expect(opened.body.data.report.groups.find((group: { key: string }) => group.key === globex.id)).toMatchObject({ seconds: 5_000, billedSeconds: 0, amounts: [] });
    const fromApp = await report(admin, { groupBy: "customer", invoiced: "false" });
    // The same figures, less the admin's cost and margin, which a shared page never shows.
    const { costCents, marginCents, ...shareable } = fromApp.body.data.totals;
    expect(typeof costCents === "number" && marginCents !== undefined).toBe(true);
    expect(opened.body.data.report.totals).toEqual(shareable);

    const refused = await admin.client.post("/api/app/reports/saved", { name: "x", query: { range: "this_month", groupBy: "day", invoiced: "no" } });
    expectErrorEnvelope(refused, 400, "validation_error");
    expect(refused.body.details.map((detail: { field: string }) => detail.field)).toContain("query.invoiced");
  }, 180_000);
});
