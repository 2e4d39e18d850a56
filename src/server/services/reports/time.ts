// Time report: seconds, billable seconds and amounts over [from, to), grouped by one or two
// dimensions. One grouped statement per report, scoped by organizationId and served by the TimeLog
// (organizationId, startedAt) index (or the userId / customerId / taskId / project one when filtered).
// Amounts are each log's invoice line amount, summed per currency (see lineAmountCentsSql).
import { Prisma } from "@/generated/prisma/client";
import type { WeekStart } from "@/generated/prisma/enums";
import type { DbClient } from "@/server/db";
import { validationError } from "@/server/errors";
import type { ReportAmount, ReportDimension, ReportGroup, TimeReport, TimeReportFileInput, TimeReportInput } from "@/server/contract/time-report";
import type { FileView } from "@/server/contract/file";
import { renderReportCsv } from "@/server/services/reports/render-csv";
import { renderReportPdf } from "@/server/services/reports/render-pdf";
import type { Actor } from "@/server/services/auth/account";
import { userScope } from "@/server/services/time-tracking/app-list";
import { LOG_AMOUNT_CENTS_SQL } from "@/server/services/invoices/arithmetic";
import { sqlTimestamp } from "@/server/lib/sql";

/** Who the report is for: which organization, whose time, in which zone, with or without amounts. */
export interface ReportViewer {
  organizationId: string;
  /** Only this member's time (a member's own report); undefined: everyone's. */
  userId?: string;
  timeZone: string;
  weekStart: WeekStart;
  /** Amounts reveal rates, which members do not see. */
  showAmounts: boolean;
}

/** The caller as a report viewer: their zone and week start; a member sees their own time and no amounts. */
export async function reportViewerFor(db: DbClient, actor: Actor, requestedUserId: string | undefined): Promise<ReportViewer> {
  const userId = userScope(actor, requestedUserId);
  const { timeZone, weekStart } = await db.user.findFirstOrThrow({ where: { id: actor.userId, organizationId: actor.organizationId }, select: { timeZone: true, weekStart: true } });
  return { organizationId: actor.organizationId, userId, timeZone, weekStart, showAmounts: actor.role === "admin" };
}

/** Rows a CSV report holds at most; a longer one asks for a narrower range. */
export const MAX_REPORT_CSV_ROWS = 100_000;


/** The log's start as a wall-clock time in the viewer's zone (the column holds UTC without a zone). */
const localStart = (timeZone: string) => Prisma.sql`((l."startedAt" AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone})`;

function dateKey(viewer: ReportViewer, dimension: "day" | "week"): Prisma.Sql {
  const local = localStart(viewer.timeZone);
  if (dimension === "day") return Prisma.sql`to_char(${local}, 'YYYY-MM-DD')`;
  // date_trunc('week') starts on Monday; a Sunday week is the Monday week of the next day, one day earlier.
  const start = viewer.weekStart === "monday" ? Prisma.sql`date_trunc('week', ${local})` : Prisma.sql`(date_trunc('week', ${local} + interval '1 day') - interval '1 day')`;
  return Prisma.sql`to_char(${start}, 'YYYY-MM-DD')`;
}

const JOINS: Record<"customer" | "project" | "task" | "member", Prisma.Sql> = {
  customer: Prisma.sql`LEFT JOIN "Customer" c ON c."id" = l."customerId" AND c."organizationId" = l."organizationId"`,
  project: Prisma.sql`LEFT JOIN "Constellation" p ON p."id" = l."constellationId" AND p."organizationId" = l."organizationId"`,
  task: Prisma.sql`LEFT JOIN "Task" t ON t."id" = l."taskId" AND t."organizationId" = l."organizationId"`,
  member: Prisma.sql`LEFT JOIN "User" u ON u."id" = l."userId" AND u."organizationId" = l."organizationId"`,
};

const NONE_LABEL: Record<ReportDimension, string> = { customer: "No customer", project: "No project", task: "No task", member: "No member", day: "", week: "" };

/** The key and label of a dimension as SQL expressions over the joined log. */
function keyAndLabel(viewer: ReportViewer, dimension: ReportDimension): { key: Prisma.Sql; label: Prisma.Sql } {
  switch (dimension) {
    case "customer":
      return { key: Prisma.sql`c."id"`, label: Prisma.sql`c."name"` };
    case "project":
      return { key: Prisma.sql`p."id"`, label: Prisma.sql`p."title"` };
    case "task":
      return { key: Prisma.sql`t."id"`, label: Prisma.sql`t."title"` };
    case "member":
      return { key: Prisma.sql`u."id"`, label: Prisma.sql`u."name"` };
    default: {
      const key = dateKey(viewer, dimension);
      return { key, label: key };
    }
  }
}


type Filters = Pick<TimeReportInput, "from" | "to" | "customerId" | "projectId" | "taskId" | "isBillable" | "tag">;

/** The logs a report counts: the viewer's organization (and member), the range, the filters; never a deleted log. */
function whereClause(viewer: ReportViewer, input: Filters): Prisma.Sql {
  const conditions = [
    Prisma.sql`l."organizationId" = ${viewer.organizationId}`,
    Prisma.sql`l."deletedAt" IS NULL`,
    Prisma.sql`l."startedAt" >= ${sqlTimestamp(input.from)}`,
    Prisma.sql`l."startedAt" < ${sqlTimestamp(input.to)}`,
  ];
  if (viewer.userId) conditions.push(Prisma.sql`l."userId" = ${viewer.userId}`);
  if (input.customerId) conditions.push(Prisma.sql`l."customerId" = ${input.customerId}`);
  if (input.projectId) conditions.push(Prisma.sql`l."constellationId" = ${input.projectId}`);
  if (input.taskId) conditions.push(Prisma.sql`l."taskId" = ${input.taskId}`);
  if (input.isBillable !== undefined) conditions.push(Prisma.sql`l."isBillable" = ${input.isBillable}`);
  if (input.tag) conditions.push(Prisma.sql`${input.tag} = ANY(l."tags")`);
  return Prisma.join(conditions, " AND ");
}

interface AggregateRow {
  k1: string | null;
  l1: string | null;
  k2: string | null;
  l2: string | null;
  currency: string | null;
  seconds: bigint | number;
  billable: bigint | number;
  amount: bigint | number | null;
}

interface Accumulator {
  key: string | null;
  label: string;
  seconds: number;
  billableSeconds: number;
  amounts: Map<string, number>;
  children?: Map<string | null, Accumulator>;
}

const accumulator = (key: string | null, label: string | null, dimension: ReportDimension, nested: boolean): Accumulator => ({
  key,
  label: label ?? NONE_LABEL[dimension],
  seconds: 0,
  billableSeconds: 0,
  amounts: new Map(),
  ...(nested ? { children: new Map() } : {}),
});

function add(target: Accumulator, row: AggregateRow): void {
  target.seconds += Number(row.seconds);
  target.billableSeconds += Number(row.billable);
  if (row.amount !== null && row.currency !== null) target.amounts.set(row.currency, (target.amounts.get(row.currency) ?? 0) + Number(row.amount));
}

const amountsOf = (amounts: Map<string, number>): ReportAmount[] =>
  [...amounts].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amountCents]) => ({ currency, amountCents }));

/** Dates in order; anything else largest first, then by name, "none" last. */
function ordered(groups: Iterable<Accumulator>, dimension: ReportDimension): Accumulator[] {
  const list = [...groups];
  if (dimension === "day" || dimension === "week") return list.sort((a, b) => (a.key ?? "").localeCompare(b.key ?? ""));
  return list.sort((a, b) => Number(a.key === null) - Number(b.key === null) || b.seconds - a.seconds || a.label.localeCompare(b.label));
}

function finish(group: Accumulator, dimensions: ReportDimension[], depth: number): ReportGroup {
  const view: ReportGroup = { key: group.key, label: group.label, seconds: group.seconds, billableSeconds: group.billableSeconds, amounts: amountsOf(group.amounts) };
  if (group.children) view.groups = ordered(group.children.values(), dimensions[depth + 1]!).map((child) => finish(child, dimensions, depth + 1));
  return view;
}

export async function timeReport(db: DbClient, viewer: ReportViewer, input: TimeReportInput): Promise<TimeReport> {
  const [first, second] = input.groupBy as [ReportDimension, ReportDimension?];
  const outer = keyAndLabel(viewer, first);
  const inner = second ? keyAndLabel(viewer, second) : { key: Prisma.sql`NULL::text`, label: Prisma.sql`NULL::text` };
  const joined = new Set<keyof typeof JOINS>(["customer"]);
  for (const dimension of input.groupBy) if (dimension in JOINS) joined.add(dimension as keyof typeof JOINS);

  const rows = await db.$queryRaw<AggregateRow[]>`
    SELECT ${outer.key} AS "k1", ${outer.label} AS "l1", ${inner.key} AS "k2", ${inner.label} AS "l2",
      ${viewer.showAmounts ? Prisma.sql`c."currency"` : Prisma.sql`NULL::text`} AS "currency",
      SUM(l."durationSeconds")::bigint AS "seconds",
      SUM(CASE WHEN l."isBillable" THEN l."durationSeconds" ELSE 0 END)::bigint AS "billable",
      ${viewer.showAmounts ? Prisma.sql`SUM(${LOG_AMOUNT_CENTS_SQL})::bigint` : Prisma.sql`NULL::bigint`} AS "amount"
    FROM "TimeLog" l ${Prisma.join([...joined].map((name) => JOINS[name]), " ")}
    WHERE ${whereClause(viewer, input)}
    GROUP BY 1, 2, 3, 4, 5`;

  const totals = accumulator(null, "", first, false);
  const groups = new Map<string | null, Accumulator>();
  for (const row of rows) {
    add(totals, row);
    let group = groups.get(row.k1);
    if (!group) groups.set(row.k1, (group = accumulator(row.k1, row.l1, first, second !== undefined)));
    add(group, row);
    if (second && group.children) {
      let child = group.children.get(row.k2);
      if (!child) group.children.set(row.k2, (child = accumulator(row.k2, row.l2, second, false)));
      add(child, row);
    }
  }
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    groupBy: input.groupBy,
    timeZone: viewer.timeZone,
    totals: { seconds: totals.seconds, billableSeconds: totals.billableSeconds, amounts: amountsOf(totals.amounts) },
    groups: ordered(groups.values(), first).map((group) => finish(group, input.groupBy, 0)),
  };
}

/** One log of a CSV report: its group columns first, then the log. */
export interface ReportLogRow {
  groups: string[];
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number;
  member: string;
  customer: string | null;
  project: string | null;
  task: string | null;
  description: string | null;
  tags: string[];
  isBillable: boolean;
  currency: string | null;
  amountCents: number | null;
}

/** The report's logs, oldest first, each with the labels of its groups; one statement. */
export async function timeReportLogs(db: DbClient, viewer: ReportViewer, input: TimeReportInput): Promise<ReportLogRow[]> {
  const labels = input.groupBy.map((dimension) => {
    const { label } = keyAndLabel(viewer, dimension);
    return Prisma.sql`COALESCE(${label}, ${NONE_LABEL[dimension]})`;
  });
  const rows = await db.$queryRaw<Array<Omit<ReportLogRow, "groups" | "amountCents" | "startedAt" | "endedAt"> & { g: string[]; amount: bigint | null; startedAt: Date; endedAt: Date | null }>>`
    SELECT ARRAY[${Prisma.join(labels)}]::text[] AS "g", l."startedAt", l."endedAt", l."durationSeconds", u."name" AS "member",
      c."name" AS "customer", p."title" AS "project", t."title" AS "task", l."description", l."tags", l."isBillable",
      ${viewer.showAmounts ? Prisma.sql`c."currency"` : Prisma.sql`NULL::text`} AS "currency",
      ${viewer.showAmounts ? Prisma.sql`(${LOG_AMOUNT_CENTS_SQL})::bigint` : Prisma.sql`NULL::bigint`} AS "amount"
    FROM "TimeLog" l ${Prisma.join(Object.values(JOINS), " ")}
    WHERE ${whereClause(viewer, input)}
    ORDER BY l."startedAt", l."id"
    LIMIT ${MAX_REPORT_CSV_ROWS + 1}`;
  if (rows.length > MAX_REPORT_CSV_ROWS) throw validationError("to", `the report has more than ${MAX_REPORT_CSV_ROWS} time logs; choose a shorter range`);
  return rows.map(({ g, amount, startedAt, endedAt, ...row }) => ({
    ...row,
    groups: g,
    startedAt: startedAt.toISOString(),
    endedAt: endedAt?.toISOString() ?? null,
    currency: amount === null ? null : row.currency,
    amountCents: amount === null ? null : Number(amount),
  }));
}

/** The report as a CSV of its logs or a PDF of its summary. */
export async function timeReportFile(db: DbClient, viewer: ReportViewer, input: TimeReportFileInput, title = "Time report"): Promise<FileView> {
  const name = `time-report-${input.from.toISOString().slice(0, 10)}-${input.to.toISOString().slice(0, 10)}`;
  if (input.format === "csv") {
    const body = renderReportCsv(input.groupBy, await timeReportLogs(db, viewer, input), { showAmounts: viewer.showAmounts });
    return { filename: `${name}.csv`, contentType: "text/csv; charset=utf-8", body };
  }
  return { filename: `${name}.pdf`, contentType: "application/pdf", body: await renderReportPdf(await timeReport(db, viewer, input), title) };
}
