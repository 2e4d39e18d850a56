// Rates (app-api section 16): a member's billable and cost rate, a project's rate, a member's rate on a
// project; a billable log's rate resolves project-member → project → member → customer, the same way in
// reports and invoices (to the cent); invoiced time keeps its invoice's figures; members see no rate or cost.
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { addMember, insertConstellation, insertCustomer, type SignedInUser, signUpOrganization } from "../harness/factories";
import { expectErrorEnvelope } from "../harness/assertions";

const FROM = "2026-10-01T00:00:00.000Z";
const TO = "2026-11-01T00:00:00.000Z";

/** Logs through the sync route, as the web app's Add time does. */
async function logTime(user: SignedInUser, entries: Array<{ constellationId: string | null; customerId: string; startedAt: string; durationSeconds: number; isBillable?: boolean }>) {
  const response = await user.client.post("/api/app/time-logs/sync", {
    entries: entries.map((entry) => ({ clientSessionId: randomUUID(), source: "manual", ...entry })),
  });
  expect(response.status, response.text).toBe(200);
  expect(response.body.data.committed).toHaveLength(entries.length);
}

type Group = { key: string | null; amounts: Array<{ amountCents: number; taxCents: number }>; costCents?: number; marginCents?: number | null; groups?: Group[] };
const amountOf = (group: Group | undefined) => group?.amounts[0]?.amountCents ?? 0;

async function report(user: SignedInUser, groupBy: string) {
  const response = await user.client.get(`/api/app/reports/time?from=${FROM}&to=${TO}&groupBy=${groupBy}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data as { totals: Group; groups: Group[] };
}

/** An admin and a member, a customer billed hourly with rounding and tax, two projects of it. */
async function agency() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const customer = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000, roundingIncrementMinutes: 15, roundingMode: "up", taxRateBps: 1_900 });
  const relaunch = await insertConstellation(admin.organizationId, { title: "Relaunch", customerId: customer.id });
  const support = await insertConstellation(admin.organizationId, { title: "Support", customerId: customer.id });
  return { admin, member, customer, relaunch, support };
}

describe("rates", () => {
  it("resolves each log's rate project-member, then project, then member, then customer; the report and the invoice agree to the cent", { timeout: 120_000 }, async () => {
    const { admin, member, customer, relaunch, support } = await agency();
    const setMember = await admin.client.put(`/api/app/members/${member.userId}/rates`, { billableRateCents: 20_000, costRateCents: 5_000 });
    expect(setMember.status, setMember.text).toBe(200);
    expect(setMember.body.data).toEqual({ userId: member.userId, name: "Max Member", billableRateCents: 20_000, costRateCents: 5_000 });
    expect((await admin.client.put(`/api/app/members/${admin.userId}/rates`, { costRateCents: 8_000 })).status).toBe(200);
    const setProject = await admin.client.patch(`/api/app/constellations/${relaunch.id}`, { hourlyRateCents: 30_000 });
    expect(setProject.status, setProject.text).toBe(200);
    expect(setProject.body.data).toMatchObject({ id: relaunch.id, hourlyRateCents: 30_000, budget: null });
    const setPair = await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, { hourlyRateCents: 40_000 });
    expect(setPair.status, setPair.text).toBe(200);
    expect(setPair.body.data).toEqual({ constellationId: relaunch.id, userId: member.userId, hourlyRateCents: 40_000 });

    // 50 min → 60 billed (15 min up); 1h 7m 13s → 1h 15m billed; non-billable time costs but bills nothing.
    await logTime(member, [
      { constellationId: relaunch.id, customerId: customer.id, startedAt: "2026-10-05T09:00:00.000Z", durationSeconds: 3_000 }, // project-member: 40,000
      { constellationId: support.id, customerId: customer.id, startedAt: "2026-10-05T11:00:00.000Z", durationSeconds: 4_033 }, // member: 20,000
      { constellationId: support.id, customerId: customer.id, startedAt: "2026-10-05T14:00:00.000Z", durationSeconds: 1_800, isBillable: false },
    ]);
    await logTime(admin, [
      { constellationId: relaunch.id, customerId: customer.id, startedAt: "2026-10-06T09:00:00.000Z", durationSeconds: 4_033 }, // project: 30,000
      { constellationId: null, customerId: customer.id, startedAt: "2026-10-06T11:00:00.000Z", durationSeconds: 3_000 }, // customer: 10,000
    ]);
    const expected = { memberOnRelaunch: 40_000, memberOnSupport: 25_000, adminOnRelaunch: 37_500, adminNoProject: 10_000 };
    const subtotal = Object.values(expected).reduce((sum, cents) => sum + cents, 0);

    const byProject = await report(admin, "project,member");
    const group = (projectId: string | null, userId: string) => byProject.groups.find((g) => g.key === projectId)?.groups?.find((g) => g.key === userId);
    expect(amountOf(group(relaunch.id, member.userId))).toBe(expected.memberOnRelaunch);
    expect(amountOf(group(support.id, member.userId))).toBe(expected.memberOnSupport);
    expect(amountOf(group(relaunch.id, admin.userId))).toBe(expected.adminOnRelaunch);
    expect(amountOf(group(null, admin.userId))).toBe(expected.adminNoProject);
    expect(byProject.totals.amounts).toEqual([{ currency: "USD", amountCents: subtotal, taxCents: Math.round((subtotal * 1_900) / 10_000) }]);

    const invoice = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: FROM, periodEnd: "2026-10-31T23:59:59.000Z" });
    expect(invoice.status, invoice.text).toBe(201);
    const lineSum = (lines: Array<{ amountCents: number }>) => lines.reduce((sum, line) => sum + line.amountCents, 0);
    expect(lineSum(invoice.body.data.lineItems)).toBe(byProject.totals.amounts[0]!.amountCents);
    expect(invoice.body.data.totalCents).toBe(byProject.totals.amounts[0]!.amountCents + byProject.totals.amounts[0]!.taxCents);
    expect(invoice.body.data.lineItems.map((line: { amountCents: number }) => line.amountCents).sort()).toEqual(Object.values(expected).map(Number).sort());

    // Costs: tracked seconds (billable or not) at each member's cost rate; margin = amounts − cost.
    const byMember = await report(admin, "member");
    const memberCost = Math.round(((3_000 + 4_033 + 1_800) * 5_000) / 3_600);
    const adminCost = Math.round(((4_033 + 3_000) * 8_000) / 3_600);
    const memberGroup = byMember.groups.find((g) => g.key === member.userId)!;
    expect(memberGroup.costCents).toBe(memberCost);
    expect(memberGroup.marginCents).toBe(expected.memberOnRelaunch + expected.memberOnSupport - memberCost);
    expect(byMember.totals.costCents).toBe(memberCost + adminCost);
    expect(byMember.totals.marginCents).toBe(subtotal - memberCost - adminCost);
  });

  it("keeps invoiced time at its invoice's figures when rates and tax change later (report, budget, rows); void, and clearing a level falls back to the next", async () => {
    const { admin, member, customer, relaunch } = await agency();
    await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, { hourlyRateCents: 40_000 });
    expect((await admin.client.patch(`/api/app/constellations/${relaunch.id}`, { budget: { kind: "amount", value: 100_000, period: "total" } })).status).toBe(200);
    // 50 minutes, billed as an hour (15 minutes up).
    await logTime(member, [{ constellationId: relaunch.id, customerId: customer.id, startedAt: "2026-10-05T09:00:00.000Z", durationSeconds: 3_000 }]);
    const invoice = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: FROM, periodEnd: "2026-10-31T23:59:59.000Z" });
    expect(invoice.body.data.totalCents).toBe(40_000 + 7_600);

    await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, { hourlyRateCents: 99_000 });
    await admin.client.patch(`/api/app/constellations/${relaunch.id}`, { hourlyRateCents: 77_000 });
    const changed = await admin.client.patch(`/api/app/customers/${customer.id}`, { hourlyRateCents: 55_000, taxRateBps: 2_500, roundingIncrementMinutes: 0 });
    expect(changed.status, changed.text).toBe(200);
    const again = await admin.client.get(`/api/app/invoices/${invoice.body.data.id}`);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.subtotalCents).toBe(40_000);
    expect(again.body.data.lineItems.map((line: { amountCents: number }) => line.amountCents)).toEqual([40_000]);

    // The report, its rows and the budget still agree with the invoice to the cent: its amount, billed time and tax rate.
    const invoiced = await report(admin, "project");
    expect(invoiced.totals.amounts).toEqual([{ currency: "USD", amountCents: 40_000, taxCents: 7_600 }]);
    expect(invoiced.totals).toMatchObject({ billedSeconds: 3_600 });
    const file = await admin.client.get(`/api/app/reports/time?from=${FROM}&to=${TO}&groupBy=project&format=csv`);
    expect(file.status, file.text).toBe(200);
    const rows = parse(file.text, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => [row.invoice, row.billedSeconds, row.amountCents])).toEqual([[invoice.body.data.number, "3600", "40000"]]);
    const budget = await admin.client.get(`/api/app/constellations/${relaunch.id}/budget`);
    expect(budget.body.data).toMatchObject({ spentCents: 40_000, percent: 40 });

    // New time beside it is priced and taxed today: each part taxed at its own rate, as its invoice would.
    const later = await member.client.post("/api/app/time-logs/sync", {
      entries: [{ clientSessionId: randomUUID(), source: "manual", constellationId: relaunch.id, customerId: customer.id, startedAt: "2026-10-20T09:00:00.000Z", durationSeconds: 3_600 }],
    });
    expect(later.status, later.text).toBe(200);
    expect((await report(admin, "project")).totals.amounts).toEqual([{ currency: "USD", amountCents: 40_000 + 99_000, taxCents: 7_600 + 24_750 }]);
    expect((await member.client.delete(`/api/app/time-logs/${later.body.data.committed[0].id}`)).status).toBe(200);

    // A void invoice bills nothing: the time is priced at today's rates again (50 minutes, no rounding now, 25% tax).
    expect((await admin.client.post(`/api/app/invoices/${invoice.body.data.id}/void`)).status).toBe(200);
    const reportAmount = async () => amountOf((await report(admin, "project")).totals);
    expect((await report(admin, "project")).totals.amounts).toEqual([{ currency: "USD", amountCents: 82_500, taxCents: 20_625 }]);

    // Clearing each level in turn: project-member → project → member → customer.
    const cleared = await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, { hourlyRateCents: null });
    expect(cleared.body.data.hourlyRateCents).toBeNull();
    expect(await reportAmount()).toBe(64_167);
    await admin.client.put(`/api/app/members/${member.userId}/rates`, { billableRateCents: 66_000 });
    await admin.client.patch(`/api/app/constellations/${relaunch.id}`, { hourlyRateCents: null });
    expect(await reportAmount()).toBe(55_000);
    await admin.client.put(`/api/app/members/${member.userId}/rates`, { billableRateCents: null });
    expect(await reportAmount()).toBe(45_833);
  });

  it("bills an hourly customer without a rate of its own when every log resolves one, and refuses when one does not", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const customer = await insertCustomer(admin.organizationId, { name: "Initech" });
    const project = await insertConstellation(admin.organizationId, { title: "Audit", customerId: customer.id, hourlyRateCents: 12_000 });
    await logTime(member, [{ constellationId: project.id, customerId: customer.id, startedAt: "2026-10-05T09:00:00.000Z", durationSeconds: 1_800 }]);
    await logTime(admin, [{ constellationId: null, customerId: customer.id, startedAt: "2026-10-06T09:00:00.000Z", durationSeconds: 1_800 }]);
    const refused = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: FROM, periodEnd: "2026-10-31T23:59:59.000Z" });
    expectErrorEnvelope(refused, 400, "validation_error");
    expect(refused.body.details[0].field).toBe("customerId");
    await admin.client.put(`/api/app/members/${admin.userId}/rates`, { billableRateCents: 8_000 });
    const billed = await admin.client.post("/api/app/invoices", { customerId: customer.id, periodStart: FROM, periodEnd: "2026-10-31T23:59:59.000Z" });
    expect(billed.status, billed.text).toBe(201);
    expect(billed.body.data.totalCents).toBe(6_000 + 4_000);
  });

  it("keeps rates and costs from members and checks every rate's input", async () => {
    const { admin, member, customer, relaunch } = await agency();
    await admin.client.put(`/api/app/members/${member.userId}/rates`, { billableRateCents: 20_000, costRateCents: 5_000 });
    await logTime(member, [{ constellationId: relaunch.id, customerId: customer.id, startedAt: "2026-10-05T09:00:00.000Z", durationSeconds: 3_600 }]);

    for (const refused of [
      await member.client.put(`/api/app/members/${member.userId}/rates`, { billableRateCents: 1 }),
      await member.client.get("/api/app/members/rates"),
      await member.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, { hourlyRateCents: 1 }),
      await member.client.get(`/api/app/constellations/${relaunch.id}/member-rates`),
    ]) {
      expectErrorEnvelope(refused, 403, "forbidden");
      expect(refused.body.details).toEqual([{ field: "role", message: "admin role required" }]);
    }
    const ownReport = await report(member, "member");
    expect(ownReport.totals.amounts).toEqual([]);
    expect(ownReport.totals).not.toHaveProperty("costCents");
    expect(ownReport.totals).not.toHaveProperty("marginCents");
    expect(ownReport.groups[0]).not.toHaveProperty("costCents");
    const csv = await member.client.get(`/api/app/reports/time?from=${FROM}&to=${TO}&groupBy=member&format=csv`);
    expect(csv.text).not.toMatch(/20000|200\.00|5000|50\.00/);

    const bad = await admin.client.put(`/api/app/members/${member.userId}/rates`, { billableRateCents: -1, costRateCents: "12" });
    expectErrorEnvelope(bad, 400, "validation_error");
    expect(bad.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(["billableRateCents", "costRateCents"]);
    expectErrorEnvelope(await admin.client.put(`/api/app/members/${member.userId}/rates`, {}), 400, "validation_error");
    expectErrorEnvelope(await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, {}), 400, "validation_error");
    const stranger = await signUpOrganization();
    expectErrorEnvelope(await admin.client.put(`/api/app/members/${stranger.userId}/rates`, { billableRateCents: 1 }), 404, "not_found");
    expectErrorEnvelope(await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${stranger.userId}`, { hourlyRateCents: 1 }), 404, "not_found");
    expectErrorEnvelope(await stranger.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${stranger.userId}`, { hourlyRateCents: 1 }), 404, "not_found");

    const listed = await admin.client.get("/api/app/members/rates");
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.find((row: { userId: string }) => row.userId === member.userId)).toEqual({ userId: member.userId, name: "Max Member", billableRateCents: 20_000, costRateCents: 5_000 });
    expect(listed.body.data).toHaveLength(2);
    await admin.client.put(`/api/app/constellations/${relaunch.id}/member-rates/${member.userId}`, { hourlyRateCents: 40_000 });
    const pairs = await admin.client.get(`/api/app/constellations/${relaunch.id}/member-rates`);
    expect(pairs.body.data).toEqual([{ constellationId: relaunch.id, userId: member.userId, name: "Max Member", hourlyRateCents: 40_000 }]);
  });
});
