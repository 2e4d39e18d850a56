// Hours per customer and per project over a range, billable against non-billable: aggregated by
// PostgreSQL in three statements whatever the number of logs, each scoped by organizationId and
// served by the TimeLog (organizationId, startedAt) or (organizationId, userId, startedAt) index.
import { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import type { HoursReport, HoursReportInput, HoursSplit } from "@/server/contract/hours-report";
import type { Actor } from "@/server/services/auth/account";
import { sqlTimestamp } from "@/server/lib/sql";

/** Rows per breakdown; the rest of the time is folded into `other` so the totals still add up. */
export const REPORT_ROW_LIMIT = 50;

// Timestamps travel as ISO strings cast to timestamp(3): the columns hold UTC without a zone, as Prisma writes them.

interface AggregateRow {
  id: string | null;
  name: string | null;
  billable: bigint | number;
  nonBillable: bigint | number;
}

const split = (row: { billable: bigint | number | null; nonBillable: bigint | number | null }): HoursSplit => ({
  billableSeconds: Number(row.billable ?? 0),
  nonBillableSeconds: Number(row.nonBillable ?? 0),
});

const SUMS = Prisma.sql`
  COALESCE(SUM(CASE WHEN l."isBillable" THEN l."durationSeconds" ELSE 0 END), 0)::bigint AS "billable",
  COALESCE(SUM(CASE WHEN l."isBillable" THEN 0 ELSE l."durationSeconds" END), 0)::bigint AS "nonBillable"`;

const subtract = (total: HoursSplit, rows: HoursSplit[]): HoursSplit => ({
  billableSeconds: total.billableSeconds - rows.reduce((sum, row) => sum + row.billableSeconds, 0),
  nonBillableSeconds: total.nonBillableSeconds - rows.reduce((sum, row) => sum + row.nonBillableSeconds, 0),
});

/**
 * Logs whose startedAt lies in [from, to) (the rule invoices use), counted whole. Admins see the
 * organization; members see their own time only, as on the Time logs page. Deleted logs are left
 * out. A log's project is its own (by default its task's primary project).
 */
export async function hoursReport(db: DbClient, actor: Actor, input: HoursReportInput): Promise<HoursReport> {
  const scope = actor.role === "admin" ? "organization" : "self";
  const where = Prisma.sql`l."organizationId" = ${actor.organizationId} AND l."deletedAt" IS NULL
    AND l."startedAt" >= ${sqlTimestamp(input.from)} AND l."startedAt" < ${sqlTimestamp(input.to)}
    ${scope === "self" ? Prisma.sql`AND l."userId" = ${actor.userId}` : Prisma.empty}`;
  const byTotal = Prisma.sql`ORDER BY SUM(l."durationSeconds") DESC, 1 ASC NULLS LAST LIMIT ${REPORT_ROW_LIMIT}`;

  const [totals] = await db.$queryRaw<Array<Omit<AggregateRow, "id" | "name">>>`SELECT ${SUMS} FROM "TimeLog" l WHERE ${where}`;
  const customerRows = await db.$queryRaw<AggregateRow[]>`
    SELECT c."id" AS "id", c."name" AS "name", ${SUMS}
    FROM "TimeLog" l
    LEFT JOIN "Customer" c ON c."id" = l."customerId" AND c."organizationId" = l."organizationId"
    WHERE ${where}
    GROUP BY c."id", c."name"
    ${byTotal}`;
  const projectRows = await db.$queryRaw<AggregateRow[]>`
    SELECT p."id" AS "id", p."title" AS "name", ${SUMS}
    FROM "TimeLog" l
    LEFT JOIN "Constellation" p ON p."id" = l."constellationId" AND p."organizationId" = l."organizationId"
    WHERE ${where}
    GROUP BY p."id", p."title"
    ${byTotal}`;

  const total = split(totals ?? { billable: 0, nonBillable: 0 });
  const customers = customerRows.map((row) => ({ id: row.id, name: row.name, ...split(row) }));
  const projects = projectRows.map((row) => ({ id: row.id, name: row.name, ...split(row) }));
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    scope,
    totals: total,
    customers,
    projects,
    otherCustomers: subtract(total, customers),
    otherProjects: subtract(total, projects),
  };
}
