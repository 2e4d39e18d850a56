// A report read in chunks (bounded statements that take turns on the embedded database) gives exactly
// what one statement gives, for every grouping and filter, with another organization's logs at the
// same instants; the chunks are seen as the statements the report sends, and on the embedded database
// another organization's statement runs between them.
import { describe, expect, it } from "vitest";
import { PrismaClient } from "@/generated/prisma/client";
import { getDatabase, getDb } from "@/server/db";
import { timeReportInput } from "@/server/contract/time-report";
import { asOrganization, statementsTakeTurns } from "@/server/load/database-turns";
import { timeReport, timeReportLogs, type ReportViewer } from "@/server/services/reports/time";
import { addMember, insertConstellation, insertCustomer, insertTask, signUpOrganization } from "../harness/factories";
import { adminUrl } from "../setup/test-database";

const LOGS = 60;
const CHUNK = 7;
const ONE_STATEMENT = { chunkRows: Number.POSITIVE_INFINITY };
const IN_CHUNKS = { chunkRows: CHUNK };

/** A second client on the process's database that records each statement it sends (it shares the adapter, so the turns too). */
async function loggingClient() {
  const client = new PrismaClient({ adapter: (await getDatabase()).adapterFactory, log: [{ emit: "event", level: "query" }] });
  const statements: string[] = [];
  client.$on("query", (event) => statements.push(event.query));
  return { client, statements };
}

async function organizationWithLogs() {
  const admin = await signUpOrganization();
  const member = await addMember(admin);
  const customers = [
    await insertCustomer(admin.organizationId, { name: "Globex", hourlyRateCents: 12_345, currency: "EUR", roundingIncrementMinutes: 7, taxRateBps: 1_900 }),
    await insertCustomer(admin.organizationId, { name: "Initech", hourlyRateCents: 9_999, currency: "USD", roundingIncrementMinutes: 15, roundingMode: "up", taxRateBps: 825 }),
  ];
  const project = await insertConstellation(admin.organizationId, { title: "Relaunch" });
  const task = await insertTask(admin.organizationId, { title: "Design" });
  const other = await signUpOrganization();
  const rows = Array.from({ length: LOGS }, (_, index) => {
    // Several logs share an instant, so the keyset's tie on id is crossed by the chunks.
    const startedAt = new Date(Date.UTC(2026, 2, 1 + (index % 28), 8 + (index % 3)));
    const owner = index % 2 ? member : admin;
    return {
      organizationId: owner.organizationId,
      userId: owner.userId,
      source: "manual" as const,
      startedAt,
      durationSeconds: 60 + ((index * 1_237) % 9_000),
      customerId: index % 5 === 4 ? null : customers[index % 2]!.id,
      constellationId: index % 3 ? project.id : null,
      taskId: index % 4 ? task.id : null,
      isBillable: index % 6 !== 5,
      tags: index % 2 ? ["call"] : [],
      deletedAt: index === 13 ? new Date() : null,
    };
  });
  const db = await getDb();
  await db.timeLog.createMany({ data: rows });
  // Another organization's logs at the same instants: never counted, whichever chunk they fall beside.
  await db.timeLog.createMany({ data: rows.map((row) => ({ organizationId: other.organizationId, userId: other.userId, source: "manual" as const, startedAt: row.startedAt, durationSeconds: 999 })) });
  const viewer: ReportViewer = { organizationId: admin.organizationId, timeZone: "Europe/Berlin", weekStart: "monday", timeFormat: "h24", durationFormat: "hm", showAmounts: true };
  return { viewer, customers, project, member };
}

const input = (query: Record<string, string>) => timeReportInput.parse({ from: "2026-03-01T00:00:00Z", to: "2026-04-01T00:00:00Z", ...query });

describe("reports in bounded statements", () => {
  it("gives the same figures in chunks as in one statement, for every grouping and filter", async () => {
    const { viewer, customers, project, member } = await organizationWithLogs();
    const db = await getDb();
    const queries: Array<Record<string, string>> = [
      { groupBy: "customer" },
      { groupBy: "customer,project" },
      { groupBy: "member,week" },
      { groupBy: "day,task" },
      { groupBy: "project", customerId: customers[0]!.id },
      { groupBy: "task", projectId: project.id, isBillable: "true" },
      { groupBy: "customer", tag: "call" },
      { groupBy: "week", invoiced: "false" },
    ];
    for (const query of queries) {
      const oneStatement = await timeReport(db, viewer, input(query), ONE_STATEMENT);
      expect(oneStatement.totals.seconds, JSON.stringify(query)).toBeGreaterThan(0);
      expect(await timeReport(db, viewer, input(query), IN_CHUNKS), JSON.stringify(query)).toEqual(oneStatement);
      expect(await timeReport(db, { ...viewer, showAmounts: false, userId: member.userId }, input(query), IN_CHUNKS)).toEqual(
        await timeReport(db, { ...viewer, showAmounts: false, userId: member.userId }, input(query), ONE_STATEMENT),
      );
    }
    const logs = await timeReportLogs(db, viewer, input({ groupBy: "customer,day" }), ONE_STATEMENT);
    expect(logs).toHaveLength(LOGS - 1);
    expect(await timeReportLogs(db, viewer, input({ groupBy: "customer,day" }), IN_CHUNKS)).toEqual(logs);
  }, 180_000);

  it("reads a chunk per statement, each scoped to the organization and bounded", async () => {
    const { viewer } = await organizationWithLogs();
    const { client, statements } = await loggingClient();
    await timeReport(client, viewer, input({ groupBy: "customer" }), IN_CHUNKS);
    // 59 live logs: 8 chunks of 7 and one of 3, which ends the walk.
    expect(statements, statements.join("\n")).toHaveLength(Math.ceil((LOGS - 1) / CHUNK));
    for (const statement of statements) {
      expect(statement).toMatch(/LIMIT \$\d+/);
      expect(statement).toContain(`l."organizationId" = $1`);
    }
    statements.length = 0;
    await timeReport(client, viewer, input({ groupBy: "customer" }), ONE_STATEMENT);
    expect(statements).toHaveLength(1);
    statements.length = 0;
    await timeReportLogs(client, viewer, input({ groupBy: "customer" }), IN_CHUNKS);
    expect(statements).toHaveLength(Math.ceil((LOGS - 1) / CHUNK));
  });

  it.runIf(!adminUrl)("lets another organization's statement run between its chunks on the embedded database", async () => {
    const { viewer } = await organizationWithLogs();
    expect(statementsTakeTurns()).toBe(true);
    const { client, statements } = await loggingClient();
    const db = await getDb();
    let seenByOther: number | undefined;
    let queued: Promise<void> | undefined;
    // Once the report's first chunk has been read, another organization asks for something.
    client.$on("query", () => {
      queued ??= asOrganization("another-organization", async () => {
        await db.$queryRaw`SELECT 1`;
        seenByOther = statements.length;
      });
    });
    await timeReport(client, viewer, input({ groupBy: "customer" }), IN_CHUNKS);
    await queued;
    const chunks = Math.ceil((LOGS - 1) / CHUNK);
    expect(statements).toHaveLength(chunks);
    // Served after at most the chunk running when it arrived, not after the whole report.
    expect(seenByOther).toBeLessThanOrEqual(2);
  });
});
