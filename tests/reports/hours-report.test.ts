// GET /api/app/reports/hours (reports.hours over tRPC): hours per customer and per project in a range,
// billable against non-billable, computed by the time report and scoped to the caller.
import { describe, expect, it } from "vitest";
import { addMember, insertCustomer, insertTask, type SignedInUser, signUpOrganization } from "../harness/factories";
import { getDb } from "@/server/db";
import type { Prisma } from "@/generated/prisma/client";
import { HOURS_REPORT_ROW_LIMIT as REPORT_ROW_LIMIT } from "@/server/services/reports/time";
import { expectErrorEnvelope } from "../harness/assertions";

const RANGE = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
const report = (user: SignedInUser, range: Record<string, string> = RANGE) => user.client.get(`/api/app/reports/hours?${new URLSearchParams(range)}`);

async function log(user: SignedInUser, startedAt: string, durationSeconds: number, data: Partial<Prisma.TimeLogUncheckedCreateInput> = {}) {
  return (await getDb()).timeLog.create({
    data: { organizationId: user.organizationId, userId: user.userId, source: "manual", startedAt: new Date(startedAt), durationSeconds, ...data },
  });
}

async function project(organizationId: string, title: string, customerId?: string) {
  return (await getDb()).constellation.create({ data: { organizationId, title, customerId } });
}

describe("hours report", () => {
  it("splits the range's hours per customer and per project, billable against not, largest first", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const globex = await insertCustomer(admin.organizationId, { name: "Globex" });
    const initech = await insertCustomer(admin.organizationId, { name: "Initech" });
    const relaunch = await project(admin.organizationId, "Relaunch", globex.id);
    const design = await insertTask(admin.organizationId, { title: "Design", primaryConstellationId: relaunch.id });
    const loose = await insertTask(admin.organizationId, { title: "Loose task" });

    // A log's project is its own (the app gives it the task's primary project by default).
    await log(admin, "2026-03-01T00:00:00.000Z", 3_600, { customerId: globex.id, taskId: design.id, constellationId: relaunch.id });
    await log(member, "2026-03-15T10:00:00Z", 1_800, { customerId: globex.id, taskId: design.id, constellationId: relaunch.id, isBillable: false });
    await log(admin, "2026-03-20T10:00:00Z", 7_200, { customerId: initech.id, taskId: loose.id });
    await log(member, "2026-03-31T23:59:59.999Z", 900, { isBillable: false });
    // Outside the range (to is exclusive) and another organization: never counted.
    await log(admin, "2026-04-01T00:00:00.000Z", 10_000, { customerId: globex.id });
    await log(admin, "2026-02-28T23:59:59.999Z", 10_000, { customerId: globex.id });
    const stranger = await signUpOrganization();
    await log(stranger, "2026-03-10T10:00:00Z", 50_000);

    const response = await report(admin);
    expect(response.status, response.text).toBe(200);
    const none = { billableSeconds: 0, nonBillableSeconds: 0 };
    expect(response.body.data).toEqual({
      ...RANGE,
      scope: "organization",
      totals: { billableSeconds: 10_800, nonBillableSeconds: 2_700 },
      customers: [
        { id: initech.id, name: "Initech", billableSeconds: 7_200, nonBillableSeconds: 0 },
        { id: globex.id, name: "Globex", billableSeconds: 3_600, nonBillableSeconds: 1_800 },
        { id: null, name: null, billableSeconds: 0, nonBillableSeconds: 900 },
      ],
      projects: [
        { id: null, name: null, billableSeconds: 7_200, nonBillableSeconds: 900 },
        { id: relaunch.id, name: "Relaunch", billableSeconds: 3_600, nonBillableSeconds: 1_800 },
      ],
      otherCustomers: none,
      otherProjects: none,
    });

    const mine = await report(member);
    expect(mine.body.data).toMatchObject({
      scope: "self",
      totals: { billableSeconds: 0, nonBillableSeconds: 2_700 },
      customers: [
        { id: globex.id, name: "Globex", billableSeconds: 0, nonBillableSeconds: 1_800 },
        { id: null, name: null, billableSeconds: 0, nonBillableSeconds: 900 },
      ],
    });
    expect((await report(stranger)).body.data.totals).toEqual({ billableSeconds: 50_000, nonBillableSeconds: 0 });
  });

  it("folds customers beyond the row limit into `other`, so the parts still add up to the totals", async () => {
    const admin = await signUpOrganization();
    const db = await getDb();
    const count = REPORT_ROW_LIMIT + 2;
    await db.customer.createMany({ data: Array.from({ length: count }, (_, index) => ({ organizationId: admin.organizationId, name: `C${index}` })) });
    const customers = await db.customer.findMany({ where: { organizationId: admin.organizationId }, orderBy: { name: "asc" } });
    await db.timeLog.createMany({
      data: customers.map((customer, index) => ({
        organizationId: admin.organizationId,
        userId: admin.userId,
        customerId: customer.id,
        source: "manual" as const,
        startedAt: new Date("2026-03-05T10:00:00Z"),
        durationSeconds: 100 + Number(customer.name.slice(1)),
        isBillable: index % 2 === 0,
      })),
    });
    const body = (await report(admin)).body.data;
    expect(body.customers).toHaveLength(REPORT_ROW_LIMIT);
    expect(body.customers[0].name).toBe(`C${count - 1}`);
    const sum = (rows: Array<{ billableSeconds: number; nonBillableSeconds: number }>) => rows.reduce((total, row) => total + row.billableSeconds + row.nonBillableSeconds, 0);
    expect(sum(body.customers) + sum([body.otherCustomers])).toBe(sum([body.totals]));
    expect(sum([body.otherCustomers])).toBe(100 + 0 + 100 + 1);
  });

  it("refuses a reversed, empty, over-long or malformed range by field; needs a session", async () => {
    const admin = await signUpOrganization();
    for (const [range, field] of [
      [{ from: RANGE.to, to: RANGE.from }, "to"],
      [{ from: RANGE.from, to: RANGE.from }, "to"],
      [{ from: "2025-01-01T00:00:00Z", to: "2026-03-01T00:00:00Z" }, "to"],
      [{ from: "2026-03-01", to: RANGE.to }, "from"],
      [{ to: RANGE.to }, "from"],
    ] as const) {
      const response = await report(admin, range);
      expect(response.body.details, `${JSON.stringify(range)} ${response.text}`).toBeDefined();
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe(field);
    }
    const { TestClient } = await import("../harness/http");
    expectErrorEnvelope(await new TestClient().get(`/api/app/reports/hours?${new URLSearchParams(RANGE)}`), 401, "unauthorized");
  });
});
