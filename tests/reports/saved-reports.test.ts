// Saved reports (/api/app/reports/saved, savedReports.* over tRPC) and their share URLs, read without a
// session at /api/public/reports/<token> (JSON) and <token>.csv.
import { describe, expect, it } from "vitest";
import { addMember, insertTimeLog, type SignedInUser, signUpOrganization, teamWithBillableTime } from "../harness/factories";
import { TestClient } from "../harness/http";
import { getDb } from "@/server/db";
import { hashUrlToken } from "@/server/lib/url-token";
import { resolveRelativeRange } from "@/lib/report-ranges";
import { expectErrorEnvelope } from "../harness/assertions";


const FIXED = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
const anonymous = () => new TestClient();
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

async function save(user: SignedInUser, body: Record<string, unknown>) {
  const response = await user.client.post("/api/app/reports/saved", body);
  expect(response.status, response.text).toBe(201);
  return response.body.data;
}

describe("saved reports", () => {
  it("saves, lists the caller's own and deletes", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const saved = await save(admin, { name: " March by customer ", query: { range: FIXED, groupBy: "customer,week", isBillable: true }, showAmounts: true });
    expect(saved).toEqual({
      id: expect.any(String),
      name: "March by customer",
      query: { range: FIXED, groupBy: ["customer", "week"], isBillable: true },
      showAmounts: true,
      isShared: false,
      createdAt: expect.any(String),
    });
    await save(admin, { name: "This week", query: { range: "this_week", groupBy: "day" } });
    await save(member, { name: "Mine", query: { range: "last_30_days", groupBy: "project" } });

    const list = await admin.client.get("/api/app/reports/saved?limit=1");
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((report: { name: string }) => report.name)).toEqual(["This week"]);
    expect(list.body.pagination.hasMore).toBe(true);
    const next = await admin.client.get(`/api/app/reports/saved?limit=1&cursor=${list.body.pagination.cursor}`);
    expect(next.body.data.map((report: { name: string }) => report.name)).toEqual(["March by customer"]);
    expect((await member.client.get("/api/app/reports/saved")).body.data.map((report: { name: string }) => report.name)).toEqual(["Mine"]);

    expectErrorEnvelope(await member.client.delete(`/api/app/reports/saved/${saved.id}`), 404, "not_found");
    const removed = await admin.client.delete(`/api/app/reports/saved/${saved.id}`);
    expect(removed.body.data).toEqual({ success: true, id: saved.id });
    expectErrorEnvelope(await admin.client.delete(`/api/app/reports/saved/${saved.id}`), 404, "not_found");
  });

  it("refuses bad input and writes nothing; a member may not save another's time", async () => {
    const admin = await signUpOrganization();
    const member = await addMember(admin);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ query: { range: "this_week", groupBy: "day" } }, "name"],
      [{ name: "x", query: { range: "next_week", groupBy: "day" } }, "query.range"],
      [{ name: "x", query: { range: { from: FIXED.to, to: FIXED.from }, groupBy: "day" } }, "query.range"],
      [{ name: "x", query: { range: "this_week", groupBy: "planet" } }, "query.groupBy"],
      [{ name: "x", query: { range: "this_week", groupBy: "day", isBillable: "yes" } }, "query.isBillable"],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.post("/api/app/reports/saved", body);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details.map((detail: { field: string }) => detail.field).join(" "), JSON.stringify(body)).toContain(field);
    }
    const theirs = await member.client.post("/api/app/reports/saved", { name: "x", query: { range: "this_week", groupBy: "day", userId: admin.userId } });
    expectErrorEnvelope(theirs, 403, "forbidden");
    expect(await (await getDb()).savedReport.count({ where: { organizationId: admin.organizationId } })).toBe(0);
  });

  it("shares a report read-only by URL, as of the moment it is opened, and revokes it", async () => {
    const { admin, member, globex } = await teamWithBillableTime();
    const saved = await save(admin, { name: "March", query: { range: FIXED, groupBy: "customer" }, showAmounts: true });

    const shared = await admin.client.post(`/api/app/reports/saved/${saved.id}/share`);
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body.data.url).toMatch(/^http:\/\/localhost:3000\/r\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(shared.body.data.url);
    const stored = await (await getDb()).savedReport.findUniqueOrThrow({ where: { id: saved.id } });
    expect(stored.shareTokenHash).toBe(hashUrlToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await anonymous().get(`/api/public/reports/${token}`);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.headers.get("x-robots-tag")).toContain("noindex");
    expect(opened.body.data.name).toBe("March");
    expect(opened.body.data.report.totals).toEqual({ seconds: 5_400, billableSeconds: 5_400, billedSeconds: 5_400, amounts: [{ currency: "USD", amountCents: 15_000, taxCents: 0 }] });

    // Opened later, it shows the time logged since.
    await insertTimeLog(admin, { startedAt: "2026-03-04T10:00:00Z", durationSeconds: 600, customerId: globex.id });
    expect((await anonymous().get(`/api/public/reports/${token}`)).body.data.report.totals.seconds).toBe(6_000);

    const csv = await anonymous().get(`/api/public/reports/${token}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("x-robots-tag")).toContain("noindex");
    expect(csv.text.trim().split("\n")).toHaveLength(4);
    expect((await admin.client.get("/api/app/reports/saved")).body.data[0].isShared).toBe(true);

    // The CSV sits beside the page: <origin>/r/<token>.csv.
    const beside = await anonymous().get(`${new URL(shared.body.data.url).pathname}.csv`);
    expect(beside.status, beside.text).toBe(200);
    expect(beside.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(beside.headers.get("x-robots-tag")).toContain("noindex");
    expect(beside.text).toBe(csv.text);

    // Sharing again replaces the URL; revoking ends it.
    const again = await admin.client.post(`/api/app/reports/saved/${saved.id}/share`);
    expectErrorEnvelope(await anonymous().get(`/api/public/reports/${token}`), 404, "not_found");
    const newToken = tokenOf(again.body.data.url);
    expect((await admin.client.delete(`/api/app/reports/saved/${saved.id}/share`)).status).toBe(200);
    expectErrorEnvelope(await anonymous().get(`/api/public/reports/${newToken}`), 404, "not_found");
    expectErrorEnvelope(await anonymous().get(`/api/public/reports/${newToken}.csv`), 404, "not_found");
    expectErrorEnvelope(await anonymous().get(`/r/${newToken}.csv`), 404, "not_found");
    expectErrorEnvelope(await anonymous().get(`/api/public/reports/not-a-token`), 404, "not_found");
    expectErrorEnvelope(await member.client.post(`/api/app/reports/saved/${saved.id}/share`), 404, "not_found");
  });

  it("shows a member's shared report with their own time only and never amounts", async () => {
    const { member } = await teamWithBillableTime();
    const saved = await save(member, { name: "Mine", query: { range: FIXED, groupBy: "customer" }, showAmounts: true });
    const { body } = await member.client.post(`/api/app/reports/saved/${saved.id}/share`);
    const opened = await anonymous().get(`/api/public/reports/${tokenOf(body.data.url)}`);
    expect(opened.body.data.report.totals).toEqual({ seconds: 1_800, billableSeconds: 1_800, billedSeconds: 1_800, amounts: [] });
  });

  it("resolves a relative range at the moment of opening, in the owner's time zone", async () => {
    const admin = await signUpOrganization();
    await admin.client.patch("/api/app/me/preferences", { timeZone: "Pacific/Auckland" });
    const now = new Date();
    const { from, to } = resolveRelativeRange("this_week", now, "Pacific/Auckland", "monday");
    expect(from.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(to.getTime()).toBeGreaterThan(now.getTime());
    await insertTimeLog(admin, { startedAt: from, durationSeconds: 60 });
    await insertTimeLog(admin, { startedAt: new Date(from.getTime() - 1), durationSeconds: 7 });
    const saved = await save(admin, { name: "This week", query: { range: "this_week", groupBy: "day" } });
    const { body } = await admin.client.post(`/api/app/reports/saved/${saved.id}/share`);
    const opened = await anonymous().get(`/api/public/reports/${tokenOf(body.data.url)}`);
    expect(opened.body.data.report).toMatchObject({ from: from.toISOString(), to: to.toISOString(), timeZone: "Pacific/Auckland", totals: { seconds: 60 } });
  });

  it("resolves every relative range to whole periods", () => {
    const now = new Date("2026-03-11T12:00:00Z"); // a Wednesday
    const day = (range: Parameters<typeof resolveRelativeRange>[0], weekStart: "monday" | "sunday" = "monday") => {
      const { from, to } = resolveRelativeRange(range, now, "UTC", weekStart);
      return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
    };
    expect(day("this_week")).toEqual(["2026-03-09", "2026-03-16"]);
    expect(day("this_week", "sunday")).toEqual(["2026-03-08", "2026-03-15"]);
    expect(day("last_week")).toEqual(["2026-03-02", "2026-03-09"]);
    expect(day("this_month")).toEqual(["2026-03-01", "2026-04-01"]);
    expect(day("last_month")).toEqual(["2026-02-01", "2026-03-01"]);
    expect(day("last_30_days")).toEqual(["2026-02-10", "2026-03-12"]);
    expect(day("this_year")).toEqual(["2026-01-01", "2027-01-01"]);
    expect(resolveRelativeRange("this_month", now, "America/New_York", "monday").from.toISOString()).toBe("2026-03-01T05:00:00.000Z");
  });
});
