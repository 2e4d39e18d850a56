// Project budgets (app-api section 16): set with PATCH /api/app/constellations/:id, read with GET
// …/budget; the first log that takes a period's spending to or past a threshold creates one
// `budget_threshold` notice per threshold and period, whichever path wrote it (sync, timer stop,
// timesheet, PATCH, import), and exactly one under concurrent writes.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertConstellation, insertCustomer, type SignedInUser, signUpOrganization } from "../harness/factories";
import { expectErrorEnvelope } from "../harness/assertions";
import { csv, TOGGL_HEADER, togglRow, upload } from "../harness/import-files";
import { useTestClock } from "../harness/clock";

const HOUR = 3_600;
/** The tests run on the last day of a month, half an hour before midnight UTC (the test clock). */
const NOW = "2026-03-31T23:30:00.000Z";
const monthStart = (offset = 0) => {
  const now = new Date(NOW);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
const inMonth = (offset: number, hour: number) => new Date(monthStart(offset).getTime() + hour * HOUR * 1000).toISOString();

async function sync(user: SignedInUser, entries: Array<{ constellationId: string; startedAt: string; durationSeconds: number }>) {
  const response = await user.client.post("/api/app/time-logs/sync", { entries: entries.map((entry) => ({ clientSessionId: randomUUID(), source: "manual", ...entry })) });
  expect(response.status, response.text).toBe(200);
  return response.body.data.committed as Array<{ id: string }>;
}

type Notice = { kind: string; constellationId: string | null; budgetPeriod: string | null; thresholdPercent: number | null };
async function budgetNotices(admin: SignedInUser, constellationId: string): Promise<Array<[string | null, number | null]>> {
  const response = await admin.client.get("/api/app/notifications?limit=100");
  expect(response.status, response.text).toBe(200);
  return (response.body.data as Notice[])
    .filter((notice) => notice.kind === "budget_threshold" && notice.constellationId === constellationId)
    .map((notice): [string | null, number | null] => [notice.budgetPeriod, notice.thresholdPercent])
    .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));
}

async function budgeted(admin: SignedInUser, budget: object, data: { hourlyRateCents?: number } = {}) {
  const customer = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000 });
  const project = await insertConstellation(admin.organizationId, { title: `Relaunch ${randomUUID().slice(0, 6)}`, customerId: customer.id, ...data });
  const set = await admin.client.patch(`/api/app/constellations/${project.id}`, { budget });
  expect(set.status, set.text).toBe(200);
  return { customer, project };
}

describe("budgets", () => {
  const setNow = useTestClock();
  beforeEach(() => setNow(NOW));

  it("sets, reads and removes a budget; refuses bad input and members", { timeout: 120_000 }, async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const { customer, project } = await budgeted(admin, { kind: "amount", value: 50_000, period: "monthly" }, { hourlyRateCents: 20_000 });
    const shown = await admin.client.patch(`/api/app/constellations/${project.id}`, { title: "Relaunch" });
    expect(shown.body.data.budget).toEqual({ kind: "amount", value: 50_000, period: "monthly", alertPercents: [80, 100] });

    await sync(member, [{ constellationId: project.id, startedAt: inMonth(0, 1), durationSeconds: HOUR / 2 }]);
    await sync(member, [{ constellationId: project.id, startedAt: inMonth(-1, 1), durationSeconds: HOUR }]); // last month: not this period
    const status = await admin.client.get(`/api/app/constellations/${project.id}/budget`);
    expect(status.status, status.text).toBe(200);
    expect(status.body.data).toEqual({ kind: "amount", value: 50_000, period: "monthly", alertPercents: [80, 100], periodStart: monthStart(0).toISOString(), spentSeconds: 1_800, spentCents: 10_000, percent: 20 });
    const asMember = await member.client.get(`/api/app/constellations/${project.id}/budget`);
    expect(asMember.body.data).toMatchObject({ value: null, spentCents: null, spentSeconds: 1_800, percent: 20 });
    expect(customer.id).toBeTruthy();

    // Reports grouped by project show the budget, spent and remaining in its current period (money: admins only).
    const range = `from=${monthStart(-1).toISOString()}&to=${monthStart(1).toISOString()}`;
    const byProject = await admin.client.get(`/api/app/reports/time?${range}&groupBy=project`);
    expect(byProject.status, byProject.text).toBe(200);
    expect(byProject.body.data.groups.find((group: { key: string }) => group.key === project.id).budget).toEqual({ kind: "amount", value: 50_000, period: "monthly", periodStart: monthStart(0).toISOString(), spent: 10_000, remaining: 40_000 });
    const memberView = await member.client.get(`/api/app/reports/time?${range}&groupBy=member,project`);
    expect(memberView.body.data.groups[0].groups[0]).not.toHaveProperty("budget");

    const refused = await member.client.patch(`/api/app/constellations/${project.id}`, { budget: null });
    expectErrorEnvelope(refused, 403, "forbidden");
    for (const [budget, field] of [
      [{ kind: "days", value: 1, period: "total" }, "budget.kind"],
      [{ kind: "hours", value: 0, period: "total" }, "budget.value"],
      [{ kind: "amount", value: 10.5, period: "total" }, "budget.value"],
      [{ kind: "hours", value: 10, period: "weekly" }, "budget.period"],
      [{ kind: "hours", value: 10, period: "total", alertPercents: [0] }, "budget.alertPercents.0"],
    ] as const) {
      const bad = await admin.client.patch(`/api/app/constellations/${project.id}`, { budget });
      expectErrorEnvelope(bad, 400, "validation_error");
      expect(bad.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect((await admin.client.get(`/api/app/constellations/${project.id}/budget`)).body.data.kind).toBe("amount"); // nothing changed

    const removed = await admin.client.patch(`/api/app/constellations/${project.id}`, { budget: null });
    expect(removed.body.data.budget).toBeNull();
    expect((await admin.client.get(`/api/app/constellations/${project.id}/budget`)).body.data).toBeNull();
    const stranger = await signUpOrganization();
    expectErrorEnvelope(await stranger.client.get(`/api/app/constellations/${project.id}/budget`), 404, "not_found");
  });

  it("creates each threshold's notice exactly once under concurrent logs crossing it", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const { project } = await budgeted(admin, { kind: "hours", value: 2, period: "total" });
    // Four writes of 40 minutes at once: 160 minutes cross 80 % (96) and 100 % (120) of 2 hours.
    await Promise.all([0, 1, 2, 3].map((index) => sync(index % 2 ? admin : member, [{ constellationId: project.id, startedAt: inMonth(0, index), durationSeconds: 2_400 }])));
    expect(await budgetNotices(admin, project.id)).toEqual([["total", 100], ["total", 80]].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)));
    await sync(member, [{ constellationId: project.id, startedAt: inMonth(0, 5), durationSeconds: HOUR }]);
    expect(await budgetNotices(admin, project.id)).toHaveLength(2);
    const status = await admin.client.get(`/api/app/constellations/${project.id}/budget`);
    expect(status.body.data).toMatchObject({ periodStart: null, spentSeconds: 9_600 + HOUR, percent: 183.3 });
    const report = await member.client.get(`/api/app/reports/time?from=${monthStart(0).toISOString()}&to=${monthStart(1).toISOString()}&groupBy=project`);
    expect(report.body.data.groups[0].budget).toEqual({ kind: "hours", value: 2, period: "total", periodStart: null, spent: 3.67, remaining: -1.67 });
  });

  it("counts a monthly budget per calendar month in UTC", async () => {
    const admin = await signUpOrganization();
    const { project } = await budgeted(admin, { kind: "hours", value: 1, period: "monthly", alertPercents: [50] });
    await sync(admin, [{ constellationId: project.id, startedAt: inMonth(-1, 2), durationSeconds: HOUR / 2 }]);
    await sync(admin, [{ constellationId: project.id, startedAt: inMonth(0, 2), durationSeconds: HOUR / 4 }]);
    const key = (offset: number) => monthStart(offset).toISOString().slice(0, 7);
    expect(await budgetNotices(admin, project.id)).toEqual([[key(-1), 50]]);
    await sync(admin, [{ constellationId: project.id, startedAt: inMonth(0, 3), durationSeconds: HOUR / 4 }]);
    expect(await budgetNotices(admin, project.id)).toEqual([[key(-1), 50], [key(0), 50]]);
  });

  it("starts a new month's period at zero at midnight UTC, and notices its thresholds again", async () => {
    const admin = await signUpOrganization();
    const { project } = await budgeted(admin, { kind: "hours", value: 1, period: "monthly" });
    const status = async () => (await admin.client.get(`/api/app/constellations/${project.id}/budget`)).body.data;
    // 50 minutes late on the month's last day: 83 %, past 80 %.
    await sync(admin, [{ constellationId: project.id, startedAt: "2026-03-31T22:00:00.000Z", durationSeconds: 50 * 60 }]);
    expect(await status()).toMatchObject({ periodStart: "2026-03-01T00:00:00.000Z", spentSeconds: 3_000, percent: 83.3 });
    expect(await budgetNotices(admin, project.id)).toEqual([["2026-03", 80]]);

    setNow("2026-04-01T01:00:00.000Z");
    expect(await status()).toMatchObject({ periodStart: "2026-04-01T00:00:00.000Z", spentSeconds: 0, spentCents: 0, percent: 0 });
    const report = await admin.client.get(`/api/app/reports/time?from=2026-03-01T00:00:00.000Z&to=2026-05-01T00:00:00.000Z&groupBy=project`);
    expect(report.body.data.groups[0].budget).toEqual({ kind: "hours", value: 1, period: "monthly", periodStart: "2026-04-01T00:00:00.000Z", spent: 0, remaining: 1 });
    // A log started before midnight still counts in March; one after it, in April, where 80 % is noticed again.
    await sync(admin, [{ constellationId: project.id, startedAt: "2026-03-31T23:00:00.000Z", durationSeconds: 20 * 60 }]);
    expect(await budgetNotices(admin, project.id)).toEqual([["2026-03", 100], ["2026-03", 80]].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)));
    await sync(admin, [{ constellationId: project.id, startedAt: "2026-04-01T00:00:00.000Z", durationSeconds: 50 * 60 }]);
    expect(await status()).toMatchObject({ periodStart: "2026-04-01T00:00:00.000Z", spentSeconds: 3_000, percent: 83.3 });
    expect(await budgetNotices(admin, project.id)).toEqual([["2026-03", 100], ["2026-03", 80], ["2026-04", 80]]);
  });

  it("notices the crossing whichever path wrote the log: timer stop, timesheet, PATCH, import", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);

    const timed = (await budgeted(admin, { kind: "hours", value: 1, period: "total", alertPercents: [100] })).project;
    const startedAt = new Date(Date.now() - 2 * HOUR * 1000).toISOString();
    expect((await member.client.post("/api/app/timers/start", { constellationId: timed.id, startedAt })).status).toBe(201);
    expect((await member.client.post("/api/app/timers/stop", {})).status).toBe(200);
    expect(await budgetNotices(admin, timed.id)).toEqual([["total", 100]]);

    const sheet = (await budgeted(admin, { kind: "hours", value: 1, period: "total", alertPercents: [100] })).project;
    const cell = await member.client.put("/api/app/timesheet/cells", { day: inMonth(0, 0).slice(0, 10), constellationId: sheet.id, seconds: HOUR });
    expect(cell.status, cell.text).toBe(200);
    expect(await budgetNotices(admin, sheet.id)).toEqual([["total", 100]]);

    const patched = (await budgeted(admin, { kind: "hours", value: 1, period: "total", alertPercents: [100] })).project;
    const [log] = await sync(member, [{ constellationId: patched.id, startedAt: inMonth(0, 1), durationSeconds: HOUR / 2 }]);
    expect(await budgetNotices(admin, patched.id)).toEqual([]);
    expect((await member.client.patch(`/api/app/time-logs/${log!.id}`, { durationSeconds: HOUR })).status).toBe(200);
    expect(await budgetNotices(admin, patched.id)).toEqual([["total", 100]]);

    const imported = (await budgeted(admin, { kind: "hours", value: 1, period: "total", alertPercents: [100] })).project;
    const file = csv(TOGGL_HEADER, [togglRow({ user: "Max", email: member.email, client: "Globex", project: imported.title, description: "Design", date: "2026-03-02", start: "09:00:00", duration: "01:30:00" })]);
    const committed = await upload(admin, { source: "toggl", commit: "true" }, file);
    expect(committed.status, committed.text).toBe(200);
    expect(committed.body.data.logs).toBe(1);
    expect(await budgetNotices(admin, imported.id)).toEqual([["total", 100]]);
  });
});
