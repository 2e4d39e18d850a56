// GET /api/app/constellations/:id/work and /api/app/customers/:id/work: a project's and a customer's
// hours this week, this month and all time, billable and not, with amounts as reports compute them.
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, insertCustomer, insertTask, insertTimeLog, signUpOrganization } from "../harness/factories";
import { TestClient } from "../harness/http";
import { getDb } from "@/server/db";
import { resolveRelativeRange } from "@/lib/report-ranges";
import { expectErrorEnvelope } from "../harness/assertions";

const HOUR = 3_600;

/** This week's and this month's bounds for a UTC, Monday-first person (what a new sign-up gets). */
function ranges() {
  const now = new Date();
  return { week: resolveRelativeRange("this_week", now, "UTC", "monday"), month: resolveRelativeRange("this_month", now, "UTC", "monday") };
}

async function team() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const db = await getDb();
  // 100.00 USD an hour, billed in started quarter hours; a second customer in EUR.
  const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000, currency: "USD", roundingIncrementMinutes: 15, roundingMode: "up" });
  const relaunch = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: globex.id } });
  const audit = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Audit", customerId: globex.id } });
  const design = await insertTask(admin.organizationId, { title: "Design", primaryConstellationId: relaunch.id });
  const build = await insertTask(admin.organizationId, { title: "Build", primaryConstellationId: relaunch.id });
  const idle = await insertTask(admin.organizationId, { title: "Not started", primaryConstellationId: relaunch.id });

  const { week, month } = ranges();
  const current = new Date(Math.max(week.from.getTime(), month.from.getTime()));
  const before = new Date(Math.min(week.from.getTime(), month.from.getTime()) - 86_400_000);
  const onRelaunch = { customerId: globex.id, constellationId: relaunch.id };
  // This week and month: one billable hour and a minute (billed 1h15 = 125.00), half an hour not billable.
  await insertTimeLog(admin, { startedAt: current, durationSeconds: HOUR + 60, ...onRelaunch, taskId: design.id });
  await insertTimeLog(member, { startedAt: current, durationSeconds: HOUR / 2, ...onRelaunch, taskId: build.id, isBillable: false });
  // Earlier: two billable hours of the member (200.00), and a log without a task.
  await insertTimeLog(member, { startedAt: before, durationSeconds: 2 * HOUR, ...onRelaunch, taskId: design.id });
  await insertTimeLog(admin, { startedAt: before, durationSeconds: HOUR / 4, ...onRelaunch });
  // Another project of the same customer, a deleted log, another organization: never on Relaunch.
  await insertTimeLog(admin, { startedAt: current, durationSeconds: HOUR, customerId: globex.id, constellationId: audit.id });
  await insertTimeLog(admin, { startedAt: current, durationSeconds: 10 * HOUR, ...onRelaunch, taskId: design.id, deletedAt: new Date() });
  const stranger = await signUpOrganization();
  await insertTimeLog(stranger, { startedAt: current, durationSeconds: 10 * HOUR, ...onRelaunch, taskId: design.id });
  return { admin, member, stranger, globex, relaunch, audit, design, build, idle, week, month };
}

describe("a project's and a customer's work", () => {
  // The tests only read: one team with its logs serves them all (sign-ups hash passwords, which is slow).
  let fixture: Awaited<ReturnType<typeof team>>;
  beforeAll(async () => {
    fixture = await team();
  }, 120_000);

  it("sums a project's hours per period and per task, billable and not, with amounts from the customer's rate and rounding", async () => {
    const { admin, relaunch, design, build, idle, week, month } = fixture;
    const response = await admin.client.get(`/api/app/constellations/${relaunch.id}/work`);
    expect(response.status, response.text).toBe(200);
    const data = response.body.data;
    expect(data.scope).toBe("organization");
    expect(data.showsAmounts).toBe(true);
    expect(data.ranges).toEqual({ thisWeek: { from: week.from.toISOString(), to: week.to.toISOString() }, thisMonth: { from: month.from.toISOString(), to: month.to.toISOString() } });
    const current = { seconds: HOUR + 60 + HOUR / 2, billableSeconds: HOUR + 60, amounts: [{ currency: "USD", amountCents: 12_500 }] };
    expect(data.totals).toEqual({
      thisWeek: current,
      thisMonth: current,
      allTime: { seconds: HOUR + 60 + HOUR / 2 + 2 * HOUR + HOUR / 4, billableSeconds: HOUR + 60 + 2 * HOUR + HOUR / 4, amounts: [{ currency: "USD", amountCents: 12_500 + 20_000 + 2_500 }] },
    });
    const zero = { seconds: 0, billableSeconds: 0 };
    expect(data.rows).toEqual([
      { id: design.id, name: "Design", thisWeek: { seconds: HOUR + 60, billableSeconds: HOUR + 60 }, thisMonth: { seconds: HOUR + 60, billableSeconds: HOUR + 60 }, allTime: { seconds: 3 * HOUR + 60, billableSeconds: 3 * HOUR + 60 } },
      { id: build.id, name: "Build", thisWeek: { seconds: HOUR / 2, billableSeconds: 0 }, thisMonth: { seconds: HOUR / 2, billableSeconds: 0 }, allTime: { seconds: HOUR / 2, billableSeconds: 0 } },
      { id: null, name: null, thisWeek: zero, thisMonth: zero, allTime: { seconds: HOUR / 4, billableSeconds: HOUR / 4 } },
      // A task of the project without time yet is still listed.
      { id: idle.id, name: "Not started", thisWeek: zero, thisMonth: zero, allTime: zero },
    ]);
    expect(data.other).toEqual({ thisWeek: zero, thisMonth: zero, allTime: zero });
  });

  it("agrees with the time report on the same logs to the cent", async () => {
    const { admin, relaunch, month } = fixture;
    const work = await admin.client.get(`/api/app/constellations/${relaunch.id}/work`);
    const query = new URLSearchParams({ from: month.from.toISOString(), to: month.to.toISOString(), groupBy: "project", projectId: relaunch.id });
    const report = await admin.client.get(`/api/app/reports/time?${query}`);
    expect(report.status, report.text).toBe(200);
    const { seconds, billableSeconds, amounts } = report.body.data.totals;
    // The work summary shows amounts before tax; the report adds each amount's tax beside it.
    expect(work.body.data.totals.thisMonth).toEqual({ seconds, billableSeconds, amounts: amounts.map(({ currency, amountCents }: { currency: string; amountCents: number }) => ({ currency, amountCents })) });
  });

  it("sums a customer's hours per project", async () => {
    const { admin, globex, relaunch, audit } = fixture;
    const response = await admin.client.get(`/api/app/customers/${globex.id}/work`);
    expect(response.status, response.text).toBe(200);
    const data = response.body.data;
    expect(data.totals.allTime).toEqual({ seconds: 4 * HOUR + 60 + HOUR / 2 + HOUR / 4, billableSeconds: 4 * HOUR + 60 + HOUR / 4, amounts: [{ currency: "USD", amountCents: 12_500 + 20_000 + 2_500 + 10_000 }] });
    expect(data.rows.map((row: { id: string; allTime: { seconds: number } }) => [row.id, row.allTime.seconds])).toEqual([
      [relaunch.id, 3 * HOUR + 60 + HOUR / 2 + HOUR / 4],
      [audit.id, HOUR],
    ]);
  });

  it("shows a member their own time only and no amounts", async () => {
    const { member, relaunch, design, build } = fixture;
    const response = await member.client.get(`/api/app/constellations/${relaunch.id}/work`);
    expect(response.status, response.text).toBe(200);
    const data = response.body.data;
    expect(data.scope).toBe("self");
    expect(data.showsAmounts).toBe(false);
    expect(data.totals.allTime).toEqual({ seconds: 2 * HOUR + HOUR / 2, billableSeconds: 2 * HOUR, amounts: [] });
    expect(data.rows.slice(0, 2).map((row: { id: string }) => row.id)).toEqual([design.id, build.id]);
  });

  it("answers 404 for another organization's project or customer and 401 without a session", async () => {
    const { relaunch, globex, stranger } = fixture;
    expectErrorEnvelope(await stranger.client.get(`/api/app/constellations/${relaunch.id}/work`), 404, "not_found");
    expectErrorEnvelope(await stranger.client.get(`/api/app/customers/${globex.id}/work`), 404, "not_found");
    expectErrorEnvelope(await new TestClient().get(`/api/app/customers/${globex.id}/work`), 401, "unauthorized");
  });
});
