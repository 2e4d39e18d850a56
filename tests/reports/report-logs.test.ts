// The report's detail: /api/app/reports/time/logs (reports.logs over tRPC) and a shared report's
// /api/public/reports/<token>/logs, keyset pages of the logs the summary counts.
import { describe, expect, it } from "vitest";
import { TestClient } from "../harness/http";
import { insertCustomer, insertTimeLog, teamWithBillableTime } from "../harness/factories";
import { expectErrorEnvelope } from "../harness/assertions";

const RANGE = "from=2026-03-01T00:00:00.000Z&to=2026-04-01T00:00:00.000Z";
type Row = { id: string; startedAt: string; durationSeconds: number; isBillable: boolean; member: string; customer: string | null };

describe("report detail", () => {
  it("pages the logs oldest first with their names, filtered as the summary is", async () => {
    const { admin, member, globex } = await teamWithBillableTime();
    const initech = await insertCustomer(admin.organizationId, { name: "Initech" });
    await insertTimeLog(admin, { startedAt: "2026-03-05T09:00:00Z", durationSeconds: 900, customerId: initech.id, isBillable: false, description: "Call" });
    await insertTimeLog(admin, { startedAt: "2026-02-28T09:00:00Z", durationSeconds: 60 }); // before the range
    await insertTimeLog(admin, { startedAt: "2026-03-06T09:00:00Z", durationSeconds: 60, deletedAt: new Date() });

    const first = await admin.client.get(`/api/app/reports/time/logs?${RANGE}&limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((row: Row) => [row.startedAt, row.durationSeconds, row.member, row.customer])).toEqual([
      ["2026-03-02T10:00:00.000Z", 3_600, "Ada Admin", "Globex"],
      ["2026-03-03T10:00:00.000Z", 1_800, "Max Member", "Globex"],
    ]);
    expect(first.body.pagination.hasMore).toBe(true);
    const second = await admin.client.get(`/api/app/reports/time/logs?${RANGE}&limit=2&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data).toEqual([{ id: expect.any(String), startedAt: "2026-03-05T09:00:00.000Z", durationSeconds: 900, isBillable: false, description: "Call", member: "Ada Admin", customer: "Initech", project: null, task: null }]);
    expect(second.body.pagination.hasMore).toBe(false);

    const billable = await admin.client.get(`/api/app/reports/time/logs?${RANGE}&isBillable=true&customerId=${globex.id}`);
    expect(billable.body.data.map((row: Row) => row.durationSeconds)).toEqual([3_600, 1_800]);
    // A member reads their own logs only, and may not ask for another's.
    const own = await member.client.get(`/api/app/reports/time/logs?${RANGE}`);
    expect(own.body.data.map((row: Row) => row.member)).toEqual(["Max Member"]);
    expectErrorEnvelope(await member.client.get(`/api/app/reports/time/logs?${RANGE}&userId=${admin.userId}`), 403, "forbidden");
    // Another organization's cursor position or a forged cursor is refused; a bad range too.
    expectErrorEnvelope(await admin.client.get(`/api/app/reports/time/logs?${RANGE}&cursor=abc`), 400, "validation_error");
    const reversed = await admin.client.get("/api/app/reports/time/logs?from=2026-04-01T00:00:00.000Z&to=2026-03-01T00:00:00.000Z");
    expectErrorEnvelope(reversed, 400, "validation_error");
    expect(reversed.body.details.map((detail: { field: string }) => detail.field)).toContain("to");
  });

  it("pages a shared report's logs without a session, and stops when the share is revoked", async () => {
    const { admin, globex } = await teamWithBillableTime();
    await insertTimeLog(admin, { startedAt: "2026-03-07T09:00:00Z", durationSeconds: 120, isBillable: false });
    const saved = await admin.client.post("/api/app/reports/saved", {
      name: "Globex in March",
      query: { range: { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" }, groupBy: "member", customerId: globex.id },
    });
    const shared = await admin.client.post(`/api/app/reports/saved/${saved.body.data.id}/share`);
    const token = String(shared.body.data.url).split("/").pop();
    const anonymous = new TestClient();

    const first = await anonymous.get(`/api/public/reports/${token}/logs?limit=1`);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get("x-robots-tag")).toContain("noindex");
    expect(first.body.data.map((row: Row) => row.durationSeconds)).toEqual([3_600]);
    const second = await anonymous.get(`/api/public/reports/${token}/logs?limit=1&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.map((row: Row) => row.durationSeconds)).toEqual([1_800]);
    expect(second.body.pagination.hasMore).toBe(false);
    expectErrorEnvelope(await anonymous.get(`/api/public/reports/${token}/logs?limit=1000`), 400, "validation_error");

    // The same over the web app's tRPC endpoint, as the /r/<token> page reads it: no session needed.
    const trpc = (procedure: string, input: unknown) => anonymous.get(`/api/trpc/savedReports.${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
    const opened = await trpc("openShared", { token });
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result.data).toMatchObject({ name: "Globex in March", report: { groupBy: ["member"], totals: { seconds: 5_400, billableSeconds: 5_400 } } });
    const logs = await trpc("sharedLogs", { token, limit: 1 });
    expect(logs.body.result.data.items.map((row: Row) => row.durationSeconds)).toEqual([3_600]);
    expect(logs.body.result.data.pagination.hasMore).toBe(true);

    await admin.client.delete(`/api/app/reports/saved/${saved.body.data.id}/share`);
    expectErrorEnvelope(await anonymous.get(`/api/public/reports/${token}/logs`), 404, "not_found");
    for (const [procedure, input] of [["openShared", { token }], ["sharedLogs", { token }], ["openShared", { token: "unknown" }]] as const) {
      const refused = await trpc(procedure, input);
      expect(refused.status).toBe(404);
      expect(refused.body.error.data.appCode).toBe("not_found");
    }
    expectErrorEnvelope(await anonymous.get("/api/public/reports/unknown/logs"), 404, "not_found");
  });
});
