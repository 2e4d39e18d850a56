// GET /api/app/reports/time (reports.time and reports.timeFile over tRPC): seconds and amounts grouped
// by one or two dimensions, scoped to the caller, with amounts computed exactly as invoices compute them.
import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import type { RoundingMode } from "@/generated/prisma/enums";
import { addMember, insertCustomer, insertTask, insertTimeLog, type SignedInUser, signUpOrganization, teamWithBillableTime } from "../harness/factories";
import { getDb } from "@/server/db";
import { billedSeconds, billedSecondsSql, lineAmountCents, lineAmountCentsSql } from "@/server/services/invoices/arithmetic";
import { expectErrorEnvelope } from "../harness/assertions";

const RANGE = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
const report = (user: SignedInUser, query: Record<string, string>) => user.client.get(`/api/app/reports/time?${new URLSearchParams({ ...RANGE, ...query })}`);


describe("time report", () => {
  it("groups by customer then project, with amounts per currency, and leaves deleted logs and other organizations out", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const db = await getDb();
    const globex = await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 10_000, currency: "EUR" });
    const initech = await insertCustomer(admin.organizationId, { name: "Initech", hourlyRateCents: 6_000, currency: "USD", roundingIncrementMinutes: 15, roundingMode: "up" });
    const relaunch = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch", customerId: globex.id } });

    await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 3_600, customerId: globex.id, constellationId: relaunch.id });
    await insertTimeLog(member, { startedAt: "2026-03-03T10:00:00Z", durationSeconds: 1_800, customerId: globex.id, isBillable: false });
    await insertTimeLog(member, { startedAt: "2026-03-04T10:00:00Z", durationSeconds: 60, customerId: initech.id }); // rounded up to 15 minutes: 15.00 USD
    await insertTimeLog(admin, { startedAt: "2026-03-05T10:00:00Z", durationSeconds: 900 });
    await insertTimeLog(admin, { startedAt: "2026-03-06T10:00:00Z", durationSeconds: 99_999, customerId: globex.id, deletedAt: new Date() });
    const stranger = await signUpOrganization();
    await insertTimeLog(stranger, { startedAt: "2026-03-06T10:00:00Z", durationSeconds: 50_000 });

    const response = await report(admin, { groupBy: "customer,project" });
    expect(response.status, response.text).toBe(200);
    const data = response.body.data;
    // Cost is 0 without cost rates; margin needs one currency, and these totals have two.
    expect(data.totals).toEqual({ seconds: 6_360, billableSeconds: 4_560, billedSeconds: 5_400, amounts: [{ currency: "EUR", amountCents: 10_000, taxCents: 0 }, { currency: "USD", amountCents: 1_500, taxCents: 0 }], costCents: 0, marginCents: null });
    expect(data.period).toEqual({ firstDay: "2026-03-01", lastDay: "2026-03-31" });
    expect(data.filters).toEqual([]);
    // Each group's cost and margin are covered by tests/team/rates.test.ts.
    expect(data.groups).toMatchObject([
      {
        key: globex.id,
        label: "Globex",
        seconds: 5_400,
        billableSeconds: 3_600,
        billedSeconds: 3_600,
        amounts: [{ currency: "EUR", amountCents: 10_000, taxCents: 0 }],
        groups: [
          { key: relaunch.id, label: "Relaunch", seconds: 3_600, billableSeconds: 3_600, billedSeconds: 3_600, amounts: [{ currency: "EUR", amountCents: 10_000, taxCents: 0 }] },
          { key: null, label: "No project", seconds: 1_800, billableSeconds: 0, billedSeconds: 0, amounts: [] },
        ],
      },
      {
        key: initech.id,
        label: "Initech",
        seconds: 60,
        billableSeconds: 60,
        billedSeconds: 900,
        amounts: [{ currency: "USD", amountCents: 1_500, taxCents: 0 }],
        groups: [{ key: null, label: "No project", seconds: 60, billableSeconds: 60, billedSeconds: 900, amounts: [{ currency: "USD", amountCents: 1_500, taxCents: 0 }] }],
      },
      { key: null, label: "No customer", seconds: 900, billableSeconds: 900, billedSeconds: 900, amounts: [], groups: [{ key: null, label: "No project", seconds: 900, billableSeconds: 900, billedSeconds: 900, amounts: [] }] },
    ]);

    // format=json is the default said out loud.
    expect((await report(admin, { groupBy: "customer,project", format: "json" })).body.data).toEqual(data);

    const byMember = await report(admin, { groupBy: "member" });
    expect(byMember.body.data.groups.map((group: { key: string; seconds: number }) => [group.key, group.seconds])).toEqual([
      [admin.userId, 4_500],
      [member.userId, 1_860],
    ]);
  });

  it("filters by customer, project, task, member, billable and tag", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const db = await getDb();
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const relaunch = await db.constellation.create({ data: { organizationId: admin.organizationId, title: "Relaunch" } });
    const design = await insertTask(admin.organizationId, { title: "Design" });
    await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 100, customerId: globex.id, tags: ["urgent"] });
    await insertTimeLog(admin, { startedAt: "2026-03-02T11:00:00Z", durationSeconds: 200, constellationId: relaunch.id, isBillable: false });
    await insertTimeLog(member, { startedAt: "2026-03-02T12:00:00Z", durationSeconds: 400, taskId: design.id, tags: ["urgent", "call"] });

    const seconds = async (query: Record<string, string>) => (await report(admin, { groupBy: "day", ...query })).body.data.totals.seconds;
    expect(await seconds({})).toBe(700);
    expect(await seconds({ customerId: globex.id })).toBe(100);
    expect(await seconds({ projectId: relaunch.id })).toBe(200);
    expect(await seconds({ taskId: design.id })).toBe(400);
    expect(await seconds({ userId: member.userId })).toBe(400);
    expect(await seconds({ isBillable: "false" })).toBe(200);
    expect(await seconds({ isBillable: "true" })).toBe(500);
    expect(await seconds({ tag: "urgent" })).toBe(500);
  });

  it("shows a member their own time only, without amounts; another member's userId is a 403", async () => {
    const { admin, member } = await teamWithBillableTime();

    const mine = await report(member, { groupBy: "customer" });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.totals).toEqual({ seconds: 1_800, billableSeconds: 1_800, billedSeconds: 1_800, amounts: [] });
    expect((await report(member, { groupBy: "customer", userId: member.userId })).body.data.totals.seconds).toBe(1_800);
    const theirs = await report(member, { groupBy: "customer", userId: admin.userId });
    expectErrorEnvelope(theirs, 403, "forbidden");
    expect(theirs.body.details).toEqual([{ field: "userId", message: expect.any(String) }]);
  });

  it("counts days and weeks in the caller's time zone from the caller's week start", async () => {
    const admin = await signUpOrganization();
    const tokyo = await admin.client.patch("/api/app/me/preferences", { timeZone: "Asia/Tokyo", weekStart: "sunday" });
    expect(tokyo.status, tokyo.text).toBe(200);
    // Saturday 2026-03-07 20:00 UTC is Sunday 2026-03-08 05:00 in Tokyo: a new day, and a new Sunday week.
    await insertTimeLog(admin, { startedAt: "2026-03-07T14:00:00Z", durationSeconds: 60 }); // Saturday 23:00 in Tokyo
    await insertTimeLog(admin, { startedAt: "2026-03-07T20:00:00Z", durationSeconds: 120 });

    const days = await report(admin, { groupBy: "day" });
    expect(days.body.data.timeZone).toBe("Asia/Tokyo");
    expect(days.body.data.groups.map((group: { key: string; label: string; seconds: number }) => [group.key, group.label, group.seconds])).toEqual([
      ["2026-03-07", "2026-03-07", 60],
      ["2026-03-08", "2026-03-08", 120],
    ]);
    const weeks = await report(admin, { groupBy: "week" });
    expect(weeks.body.data.groups.map((group: { key: string; seconds: number }) => [group.key, group.seconds])).toEqual([
      ["2026-03-01", 60],
      ["2026-03-08", 120],
    ]);
    await admin.client.patch("/api/app/me/preferences", { weekStart: "monday" });
    const mondays = await report(admin, { groupBy: "week" });
    expect(mondays.body.data.groups).toEqual([expect.objectContaining({ key: "2026-03-02", seconds: 180 })]);
  });

  it("computes a log's amount in SQL exactly as the invoice functions do", async () => {
    const db = await getDb();
    const cases: Array<[number, number, RoundingMode, number]> = [];
    for (const mode of ["up", "down", "nearest"] as const) {
      for (const increment of [0, 1, 6, 15, 60]) {
        for (const seconds of [0, 1, 29, 30, 59, 60, 359, 360, 361, 449, 450, 451, 899, 900, 901, 3_599, 43_200]) {
          for (const rate of [0, 1, 99, 12_345, 1_000_000]) cases.push([seconds, increment, mode, rate]);
        }
      }
    }
    const values = Prisma.join(cases.map(([seconds, increment, mode, rate]) => Prisma.sql`(${seconds}::int, ${increment}::int, ${mode}::text, ${rate}::int)`));
    const amount = lineAmountCentsSql({ seconds: Prisma.sql`v.s`, incrementMinutes: Prisma.sql`v.i`, mode: Prisma.sql`v.m`, hourlyRateCents: Prisma.sql`v.r` });
    const billed = billedSecondsSql({ seconds: Prisma.sql`v.s`, incrementMinutes: Prisma.sql`v.i`, mode: Prisma.sql`v.m` });
    const rows = await db.$queryRaw<Array<{ amount: bigint; billed: number }>>`SELECT ${amount}::bigint AS "amount", ${billed}::int AS "billed" FROM (VALUES ${values}) AS v(s, i, m, r)`;
    expect(rows.map((row) => Number(row.amount))).toEqual(cases.map(([seconds, increment, mode, rate]) => lineAmountCents(billedSeconds(seconds, increment, mode), rate)));
    expect(rows.map((row) => row.billed)).toEqual(cases.map(([seconds, increment, mode]) => billedSeconds(seconds, increment, mode)));
  });

  it("answers CSV with one row per log and its group columns, and PDF with the summary", async () => {
    const admin = await signUpOrganization();
    const globex = await insertCustomer(admin.organizationId, { name: "Globex, Inc.", hourlyRateCents: 10_000 });
    await insertTimeLog(admin, { startedAt: "2026-03-02T10:00:00Z", durationSeconds: 3_600, customerId: globex.id, description: "=SUM(A1)", tags: ["a", "b"] });
    await insertTimeLog(admin, { startedAt: "2026-03-03T10:00:00Z", durationSeconds: 1_800, description: "Line\nbreak" });

    const csv = await report(admin, { groupBy: "customer,day", format: "csv" });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="time-report-2026-03-01-to-2026-03-31.csv"');
    const lines = csv.text.replace(/^\uFEFF/, "").split("\n");
    // The grouping columns first; the log's own customer column is not repeated.
    expect(lines[0]).toBe("customer,day,startedAt,endedAt,durationSeconds,hours,billedSeconds,member,project,task,description,tags,isBillable,invoice,currency,amountCents");
    expect(lines[1]).toBe(`"Globex, Inc.",2026-03-02,2026-03-02T10:00:00.000Z,,3600,1.00,3600,Ada Admin,,,'=SUM(A1),"a, b",true,,USD,10000`);
    expect(lines[2]).toBe(`No customer,2026-03-03,2026-03-03T10:00:00.000Z,,1800,0.50,1800,Ada Admin,,,"Line`);
    for (const groupBy of ["customer", "project", "task", "member", "day", "week", "member,project", "task,customer"]) {
      const header = (await report(admin, { groupBy, format: "csv" })).text.replace(/^\uFEFF/, "").split("\n")[0]!.split(",");
      expect(new Set(header).size, `${groupBy}: ${header.join(",")}`).toBe(header.length);
      expect(header.slice(0, groupBy.split(",").length)).toEqual(groupBy.split(","));
    }

    const pdf = await report(admin, { groupBy: "customer", format: "pdf" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="time-report-2026-03-01-to-2026-03-31.pdf"');
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
  });

  it("refuses bad input with a clear error on the field", async () => {
    const admin = await signUpOrganization();
    const cases: Array<[Record<string, string>, string]> = [
      [{ groupBy: "planet" }, "groupBy"],
      [{ groupBy: "customer,project,task" }, "groupBy"],
      [{ groupBy: "day,day" }, "groupBy"],
      [{ groupBy: "day", to: "2026-02-01T00:00:00Z" }, "to"],
      [{ groupBy: "day", from: "2026-03-01" }, "from"],
      [{ groupBy: "day", isBillable: "yes" }, "isBillable"],
      [{ groupBy: "day", invoiced: "1" }, "invoiced"],
      [{ groupBy: "day", format: "xlsx" }, "format"],
    ];
    for (const [query, field] of cases) {
      const response = await report(admin, query);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details.map((detail: { field: string }) => detail.field), JSON.stringify(query)).toContain(field);
    }
    expectErrorEnvelope(await new (admin.client.constructor as new () => SignedInUser["client"])().get(`/api/app/reports/time?${new URLSearchParams({ ...RANGE, groupBy: "day" })}`), 401, "unauthorized");
  });
});
