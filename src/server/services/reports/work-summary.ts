// A project's or a customer's work: hours this week, this month and all time, billable and not,
// with amounts per currency (each log's invoice line amount, lineAmountCentsSql, as reports and
// invoices compute it), and the same per task (a project) or per project (a customer). One grouped
// statement, scoped by organizationId and served by the TimeLog (organizationId, constellationId |
// customerId, startedAt) index; deleted logs are left out; members count their own time only.
import { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import type { WorkHours, WorkPeriod, WorkRow, WorkSummary } from "@/server/contract/work-summary";
import type { Actor } from "@/server/services/auth/account";
import { getConstellationWithCustomerName } from "@/server/services/constellations/constellations";
import { getCustomer } from "@/server/services/customers/customers";
import { LOG_AMOUNT_CENTS_SQL, LOG_CURRENCY_SQL, LOG_RATE_JOINS_SQL } from "@/server/services/invoices/arithmetic";
import { resolveRelativeRange } from "@/lib/report-ranges";
import { reportViewerFor } from "@/server/services/reports/time";
import { sqlTimestamp } from "@/server/lib/sql";
import { scopeSql } from "@/server/services/time-tracking/log-access";

/** Rows listed at most; the rest of the time is folded into `other` so the totals still add up. */
export const WORK_ROW_LIMIT = 100;
/** More currencies than ISO 4217 defines: the currency rows always fit under the statement's LIMIT. */
const MAX_CURRENCIES = 300;

const PERIODS = ["thisWeek", "thisMonth", "allTime"] as const;
type Period = (typeof PERIODS)[number];



type Count = bigint | number | null;
interface SummaryRow {
  /** 1 on the per-currency rows (the totals), 0 on the per-task or per-project rows. */
  isTotal: number;
  key: string | null;
  label: string | null;
  currency: string | null;
  weekSeconds: Count;
  weekBillable: Count;
  weekAmount: Count;
  monthSeconds: Count;
  monthBillable: Count;
  monthAmount: Count;
  allSeconds: Count;
  allBillable: Count;
  allAmount: Count;
}

const COLUMNS: Record<Period, { seconds: keyof SummaryRow; billable: keyof SummaryRow; amount: keyof SummaryRow }> = {
  thisWeek: { seconds: "weekSeconds", billable: "weekBillable", amount: "weekAmount" },
  thisMonth: { seconds: "monthSeconds", billable: "monthBillable", amount: "monthAmount" },
  allTime: { seconds: "allSeconds", billable: "allBillable", amount: "allAmount" },
};

const hoursOf = (row: SummaryRow, period: Period): WorkHours => ({
  seconds: Number(row[COLUMNS[period].seconds] ?? 0),
  billableSeconds: Number(row[COLUMNS[period].billable] ?? 0),
});

const emptyHours = (): WorkHours => ({ seconds: 0, billableSeconds: 0 });
const emptyPeriods = () => ({ thisWeek: emptyHours(), thisMonth: emptyHours(), allTime: emptyHours() });

/** Sums of `seconds`, `billable` and `amount` over the logs whose start lies in the range (all logs without one). */
function periodSums(prefix: string, range: { from: Date; to: Date } | null): Prisma.Sql {
  const inRange = range ? Prisma.sql`l."startedAt" >= ${sqlTimestamp(range.from)} AND l."startedAt" < ${sqlTimestamp(range.to)}` : Prisma.sql`TRUE`;
  return Prisma.sql`
    COALESCE(SUM(CASE WHEN ${inRange} THEN l."durationSeconds" ELSE 0 END), 0)::bigint AS ${Prisma.raw(`"${prefix}Seconds"`)},
    COALESCE(SUM(CASE WHEN ${inRange} AND l."isBillable" THEN l."durationSeconds" ELSE 0 END), 0)::bigint AS ${Prisma.raw(`"${prefix}Billable"`)},
    SUM(CASE WHEN ${inRange} THEN ${LOG_AMOUNT_CENTS_SQL} END)::bigint AS ${Prisma.raw(`"${prefix}Amount"`)}`;
}

type Subject = { kind: "project"; id: string } | { kind: "customer"; id: string };

export async function workSummary(db: DbClient, actor: Actor, subject: Subject): Promise<WorkSummary> {
  // 404 for another organization's (or an unknown) project or customer, before anything is summed.
  if (subject.kind === "project") await getConstellationWithCustomerName(db, actor, subject.id);
  else await getCustomer(db, actor, subject.id);
  const viewer = await reportViewerFor(db, actor, undefined);
  const now = new Date();
  const thisWeek = resolveRelativeRange("this_week", now, viewer.timeZone, viewer.weekStart);
  const thisMonth = resolveRelativeRange("this_month", now, viewer.timeZone, viewer.weekStart);

  // A project's page lists its tasks; a customer's page its projects.
  const row =
    subject.kind === "project"
      ? { key: Prisma.sql`t."id"`, label: Prisma.sql`t."title"`, join: Prisma.sql`LEFT JOIN "Task" t ON t."id" = l."taskId" AND t."organizationId" = l."organizationId"` }
      : { key: Prisma.sql`p."id"`, label: Prisma.sql`p."title"`, join: Prisma.sql`LEFT JOIN "Constellation" p ON p."id" = l."constellationId" AND p."organizationId" = l."organizationId"` };
  const conditions = [
    ...scopeSql(viewer),
    subject.kind === "project" ? Prisma.sql`l."constellationId" = ${subject.id}` : Prisma.sql`l."customerId" = ${subject.id}`,
  ];
  const currency = viewer.showAmounts ? LOG_CURRENCY_SQL : Prisma.sql`NULL::text`;

  // Two grouping sets in one pass: per currency (the totals and their amounts) and per task or
  // project (hours only). The currency rows sort first, so the LIMIT only ever cuts task rows.
  const rows = await db.$queryRaw<SummaryRow[]>`
    SELECT GROUPING(${row.key}) AS "isTotal", ${row.key} AS "key", ${row.label} AS "label", ${currency} AS "currency",
      ${periodSums("week", thisWeek)}, ${periodSums("month", thisMonth)}, ${periodSums("all", null)}
    FROM "TimeLog" l
    LEFT JOIN "Customer" c ON c."id" = l."customerId" AND c."organizationId" = l."organizationId"
    ${LOG_RATE_JOINS_SQL}
    ${row.join}
    WHERE ${Prisma.join(conditions, " AND ")}
    GROUP BY GROUPING SETS ((${currency}), (${row.key}, ${row.label}))
    ORDER BY 1 DESC, "allSeconds" DESC, "label" ASC NULLS LAST
    LIMIT ${MAX_CURRENCIES + WORK_ROW_LIMIT}`;

  const totals = { thisWeek: period(), thisMonth: period(), allTime: period() };
  const listed: WorkRow[] = [];
  for (const summary of rows) {
    if (Number(summary.isTotal) === 1) {
      for (const name of PERIODS) addToPeriod(totals[name], summary, name);
    } else if (listed.length < WORK_ROW_LIMIT) {
      listed.push({ id: summary.key, name: summary.label, thisWeek: hoursOf(summary, "thisWeek"), thisMonth: hoursOf(summary, "thisMonth"), allTime: hoursOf(summary, "allTime") });
    }
  }
  for (const name of PERIODS) totals[name].amounts.sort((a, b) => a.currency.localeCompare(b.currency));

  // A project's tasks without time yet are still its tasks: listed after those with time.
  if (subject.kind === "project" && listed.length < WORK_ROW_LIMIT) {
    const shown = new Set(listed.map((listedRow) => listedRow.id));
    const idle = await db.task.findMany({
      where: { organizationId: actor.organizationId, primaryConstellationId: subject.id, id: { notIn: [...shown].filter((id): id is string => id !== null) } },
      select: { id: true, title: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: WORK_ROW_LIMIT - listed.length,
    });
    for (const task of idle) listed.push({ id: task.id, name: task.title, ...emptyPeriods() });
  }

  const other = emptyPeriods();
  for (const name of PERIODS) {
    other[name].seconds = totals[name].seconds - listed.reduce((sum, listedRow) => sum + listedRow[name].seconds, 0);
    other[name].billableSeconds = totals[name].billableSeconds - listed.reduce((sum, listedRow) => sum + listedRow[name].billableSeconds, 0);
  }
  return {
    scope: viewer.userId ? "self" : "organization",
    showsAmounts: viewer.showAmounts,
    timeZone: viewer.timeZone,
    ranges: {
      thisWeek: { from: thisWeek.from.toISOString(), to: thisWeek.to.toISOString() },
      thisMonth: { from: thisMonth.from.toISOString(), to: thisMonth.to.toISOString() },
    },
    totals,
    rows: listed,
    other,
  };
}

function period(): WorkPeriod {
  return { seconds: 0, billableSeconds: 0, amounts: [] };
}

function addToPeriod(target: WorkPeriod, row: SummaryRow, name: Period): void {
  const hours = hoursOf(row, name);
  target.seconds += hours.seconds;
  target.billableSeconds += hours.billableSeconds;
  const amount = row[COLUMNS[name].amount];
  if (row.currency === null || amount === null || amount === undefined) return;
  const existing = target.amounts.find((entry) => entry.currency === row.currency);
  if (existing) existing.amountCents += Number(amount);
  else target.amounts.push({ currency: row.currency, amountCents: Number(amount) });
}
