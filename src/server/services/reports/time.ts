// Time report: seconds, billable and billed seconds, amounts and their tax over [from, to), grouped by
// one or two dimensions, scoped by organizationId and served by the TimeLog (organizationId, …,
// startedAt, id) indexes. Billed seconds and amounts are each log's invoice line as invoices compute
// it (LOG_BILLED_SECONDS_SQL, LOG_AMOUNT_CENTS_SQL: a log a live invoice bills keeps its line's) and
// tax is taken on each customer's subtotal at its rate, or on each invoice's at the invoice's
// (LOG_INVOICE_ID_SQL, `taxCents`), so a report and an invoice of the same time agree to the cent, also
// after the rates changed.
//
// Taking turns: on the embedded database (one connection, served to organizations in turns) a report
// reads its logs REPORT_CHUNK_ROWS at a time in keyset order, one short statement per chunk, and adds
// the chunks up here: another organization's statement waits for at most one chunk, not for a year of
// logs. On PostgreSQL (a pool) it is one statement. Either way an organization's reports run one at a
// time per process (a report holds a connection and a core while it runs).
import { Prisma } from "@/generated/prisma/client";
import type { DurationFormat, TimeFormat, WeekStart } from "@/generated/prisma/enums";
import type { DbClient } from "@/server/db";
import { validationError } from "@/server/errors";
import type { ApiTimeReportInput, ReportAmount, ReportDimension, ReportFilter, ReportGroup, ReportMeasures, TimeReport, TimeReportFileInput, TimeReportInput } from "@/server/contract/time-report";
import type { FileView } from "@/server/contract/file";
import { BOUNDS } from "@/server/load/bounds";
import { keyedConcurrencyLimit, type ConcurrencyLimit } from "@/server/load/concurrency";
import { seesBilling } from "@/server/contract/customer";
import type { HoursReport, HoursReportInput, HoursReportRow, HoursSplit } from "@/server/contract/hours-report";
import { sqlTimestamp } from "@/server/lib/sql";
import { asOrganization, statementsTakeTurns } from "@/server/load/database-turns";
import { collectingAfter } from "@/server/operations/memory";
import { processState } from "@/server/process-state";
import { renderReportCsv } from "@/server/services/reports/render-csv";
import { renderReportPdf, PDF_DETAIL_ROWS } from "@/server/services/reports/render-pdf";
import type { Actor } from "@/server/services/auth/account";
import { requestedLogOwner, scopeSql, seesEveryonesLogs } from "@/server/services/time-tracking/log-access";
import {
  LOG_AMOUNT_CENTS_SQL,
  LOG_BILLED_SECONDS_SQL,
  LOG_COST_CENTS_SQL,
  LOG_CURRENCY_SQL,
  LOG_INVOICE_ID_SQL,
  LOG_RATE_JOINS_SQL,
  LOG_TAX_RATE_BPS_SQL,
  taxCents,
} from "@/server/services/invoices/arithmetic";
import { LOG_INVOICE_NUMBER_SQL, LOG_IS_INVOICED_SQL } from "@/server/services/invoices/invoiced-logs";
import { logApprovalSql, REPORT_APPROVAL_LABELS } from "@/server/services/approvals/report-filter";
import { zonedDate } from "@/lib/time-zone";
import { reportBudgets } from "@/server/services/constellations/budgets";

/** Who the report is for: which organization, whose time, in which zone and clock, with or without amounts. */
export interface ReportViewer {
  organizationId: string;
  /** Only this member's time (a member's own report); undefined: everyone's. */
  userId?: string;
  timeZone: string;
  weekStart: WeekStart;
  /** How the PDF shows times and durations (the viewer's preferences; the owner's for a shared report). */
  timeFormat: TimeFormat;
  durationFormat: DurationFormat;
  /** Amounts reveal rates, which members do not see. */
  showAmounts: boolean;
  /** Costs and margins (cost rates): admins only, never on a shared page. */
  showCosts?: boolean;
}

/** The caller as a report viewer: their zone, week start and formats; a member sees their own time and no amounts. */
export async function reportViewerFor(db: DbClient, actor: Actor, requestedUserId: string | undefined): Promise<ReportViewer> {
  const userId = requestedLogOwner(actor, requestedUserId);
  const preferences = await db.user.findFirstOrThrow({
    where: { id: actor.userId, organizationId: actor.organizationId },
    select: { timeZone: true, weekStart: true, timeFormat: true, durationFormat: true },
  });
  return { organizationId: actor.organizationId, userId, ...preferences, showAmounts: seesBilling(actor.role), showCosts: seesBilling(actor.role) };
}

/**
 * An API key as a report viewer: it sees the organization (every member's time, amounts included, as
 * an admin does: the same key reads every customer's rates at /api/v1/customers), in the zone and
 * week start the query names; `userId` narrows it to one member's time.
 */
export function reportViewerForApiKey(organizationId: string, query: Pick<ApiTimeReportInput, "userId" | "timeZone" | "weekStart">): ReportViewer {
  return { organizationId, userId: query.userId, timeZone: query.timeZone, weekStart: query.weekStart, timeFormat: "h24", durationFormat: "hm", showAmounts: true };
}

/** Rows a CSV report holds at most; a longer one asks for a narrower range. */
export const MAX_REPORT_CSV_ROWS = 100_000;

/**
 * Logs one statement of a report reads on the embedded database. A chunk of 2,000 logs with its joins
 * and grouping holds the connection about 10-20 ms on PGlite (a year of 100,000 logs: 50 turns).
 */
export const REPORT_CHUNK_ROWS_TAKING_TURNS = 2_000;

/** How a report reads its logs: `chunkRows` per statement (unbounded: one statement). */
export interface ReportReading {
  chunkRows: number;
}

const defaultReading = (): ReportReading => ({ chunkRows: statementsTakeTurns() ? REPORT_CHUNK_ROWS_TAKING_TURNS : Number.POSITIVE_INFINITY });

/** Reports per organization: one at a time (BOUNDS.organizationReports). */
const organizationReports = keyedConcurrencyLimit(BOUNDS.organizationReports, processState("organizationReports", () => new Map<string, ConcurrencyLimit>()));

/** Runs a report's work as its organization's (its turns on the embedded database), one report at a time. */
function oneReportAtATime<T>(viewer: ReportViewer, work: () => Promise<T>): Promise<T> {
  return organizationReports.run(viewer.organizationId, () => asOrganization(viewer.organizationId, work));
}

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

type Filters = Pick<TimeReportInput, "from" | "to" | "customerId" | "projectId" | "taskId" | "isBillable" | "invoiced" | "tag"> & Partial<Pick<TimeReportInput, "approval">>;

/** The logs a report counts: the viewer's organization (and member), the range, the filters; never a deleted log. */
function whereClause(viewer: ReportViewer, input: Filters): Prisma.Sql {
  const conditions = [...scopeSql(viewer), Prisma.sql`l."startedAt" >= ${sqlTimestamp(input.from)}`, Prisma.sql`l."startedAt" < ${sqlTimestamp(input.to)}`];
  if (input.customerId) conditions.push(Prisma.sql`l."customerId" = ${input.customerId}`);
  if (input.projectId) conditions.push(Prisma.sql`l."constellationId" = ${input.projectId}`);
  if (input.taskId) conditions.push(Prisma.sql`l."taskId" = ${input.taskId}`);
  if (input.isBillable !== undefined) conditions.push(Prisma.sql`l."isBillable" = ${input.isBillable}`);
  if (input.invoiced !== undefined) conditions.push(input.invoiced ? LOG_IS_INVOICED_SQL : Prisma.sql`NOT ${LOG_IS_INVOICED_SQL}`);
  if (input.tag) conditions.push(Prisma.sql`${input.tag} = ANY(l."tags")`);
  if (input.approval) conditions.push(logApprovalSql(input.approval));
  return Prisma.join(conditions, " AND ");
}

/** A log's place in a report's reading order (its keyset). */
interface Keyset {
  startedAt: Date;
  id: string;
}

/**
 * The logs of the report, all of them or the next `limit` after `after` in (startedAt, id) order: the
 * rows a statement reads, under the name `l`.
 */
function logsOf(viewer: ReportViewer, input: Filters, columns: Prisma.Sql, after: Keyset | null, limit: number): Prisma.Sql {
  const where = whereClause(viewer, input);
  if (!Number.isFinite(limit)) return Prisma.sql`SELECT ${columns} FROM "TimeLog" l WHERE ${where}`;
  const keyset = after ? Prisma.sql`AND (l."startedAt", l."id") > (${sqlTimestamp(after.startedAt)}, ${after.id})` : Prisma.empty;
  return Prisma.sql`SELECT ${columns} FROM "TimeLog" l WHERE ${where} ${keyset} ORDER BY l."startedAt", l."id" LIMIT ${limit}`;
}

/**
 * The (id, startedAt) of the next `limit` logs of a report after `after`: its detail list reads the same
 * logs as its summary, through the same conditions.
 */
export function reportLogKeys(db: DbClient, viewer: ReportViewer, input: Filters, after: Keyset | null, limit: number): Promise<Keyset[]> {
  return db.$queryRaw<Keyset[]>(logsOf(viewer, input, Prisma.sql`l."id", l."startedAt"`, after, limit));
}

/** The columns the grouped statement reads of each log. */
const AGGREGATED_COLUMNS = Prisma.sql`l."id", l."organizationId", l."startedAt", l."durationSeconds", l."isBillable", l."customerId", l."constellationId", l."taskId", l."userId"`;

interface AggregateRow {
  k1: string | null;
  l1: string | null;
  k2: string | null;
  l2: string | null;
  customerId: string | null;
  /** The live invoice billing the logs, whose tax their amount is part of; null: their customer's. */
  invoiceId: string | null;
  currency: string | null;
  taxRateBps: number | null;
  seconds: bigint | number;
  billable: bigint | number;
  billed: bigint | number;
  amount: bigint | number | null;
  /** Admins only: what the group's time cost at its members' cost rates. */
  cost: bigint | number | null;
  /** Chunked statements only: how many logs the chunk read, and the last one. */
  chunkRows?: number;
  lastStartedAt?: Date;
  lastId?: string;
}

/** One customer's (or one invoice's) billed amount within a group, before its tax is taken on the whole of it. */
interface Subtotal {
  currency: string;
  cents: number;
  taxRateBps: number;
}

interface Accumulator {
  key: string | null;
  label: string;
  seconds: number;
  billableSeconds: number;
  billedSeconds: number;
  costCents: number;
  subtotals: Map<string, Subtotal>;
  children?: Map<string | null, Accumulator>;
}

const accumulator = (key: string | null, label: string | null, dimension: ReportDimension, nested: boolean): Accumulator => ({
  key,
  label: label ?? NONE_LABEL[dimension],
  seconds: 0,
  billableSeconds: 0,
  billedSeconds: 0,
  costCents: 0,
  subtotals: new Map(),
  ...(nested ? { children: new Map() } : {}),
});

function add(target: Accumulator, row: AggregateRow): void {
  target.seconds += Number(row.seconds);
  target.billableSeconds += Number(row.billable);
  target.billedSeconds += Number(row.billed);
  target.costCents += Number(row.cost ?? 0);
  const taxedAs = row.invoiceId ?? row.customerId;
  if (row.amount === null || row.currency === null || taxedAs === null) return;
  const subtotal = target.subtotals.get(taxedAs) ?? { currency: row.currency, cents: 0, taxRateBps: row.taxRateBps ?? 0 };
  subtotal.cents += Number(row.amount);
  target.subtotals.set(taxedAs, subtotal);
}

/** Per currency: the subtotals, and the tax an invoice takes on each customer's (or invoice's) subtotal. */
function amountsOf(subtotals: Map<string, Subtotal>): ReportAmount[] {
  const byCurrency = new Map<string, ReportAmount>();
  for (const { currency, cents, taxRateBps } of subtotals.values()) {
    const amount = byCurrency.get(currency) ?? { currency, amountCents: 0, taxCents: 0 };
    amount.amountCents += cents;
    amount.taxCents += taxCents(cents, taxRateBps);
    byCurrency.set(currency, amount);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Dates in order; anything else largest first, then by name, "none" last. */
function ordered(groups: Iterable<Accumulator>, dimension: ReportDimension): Accumulator[] {
  const list = [...groups];
  if (dimension === "day" || dimension === "week") return list.sort((a, b) => (a.key ?? "").localeCompare(b.key ?? ""));
  return list.sort((a, b) => Number(a.key === null) - Number(b.key === null) || b.seconds - a.seconds || a.label.localeCompare(b.label));
}

/**
 * A group's figures; with costs, `costCents` and `marginCents`: the amounts before tax less the cost,
 * null when the amounts are in more than one currency (cost rates carry none).
 */
function measuresOf(group: Accumulator, showCosts: boolean): ReportMeasures {
  const amounts = amountsOf(group.subtotals);
  const measures: ReportMeasures = { seconds: group.seconds, billableSeconds: group.billableSeconds, billedSeconds: group.billedSeconds, amounts };
  if (!showCosts) return measures;
  const margin = amounts.length > 1 ? null : (amounts[0]?.amountCents ?? 0) - group.costCents;
  return { ...measures, costCents: group.costCents, marginCents: margin };
}

function finish(group: Accumulator, dimensions: ReportDimension[], depth: number, showCosts: boolean): ReportGroup {
  const view: ReportGroup = { key: group.key, label: group.label, ...measuresOf(group, showCosts) };
  if (group.children) view.groups = ordered(group.children.values(), dimensions[depth + 1]!).map((child) => finish(child, dimensions, depth + 1, showCosts));
  return view;
}

/** Each project group's budget, spent and remaining (section 16), read for all of them at once. */
async function addBudgets(db: DbClient, viewer: ReportViewer, groups: ReportGroup[], depth: number): Promise<void> {
  const projectGroups = depth === 0 ? groups : groups.flatMap((group) => group.groups ?? []);
  const ids = [...new Set(projectGroups.flatMap((group) => (group.key ? [group.key] : [])))];
  const budgets = await reportBudgets(db, viewer.organizationId, ids, viewer.showAmounts);
  for (const group of projectGroups) {
    const budget = group.key ? budgets.get(group.key) : undefined;
    if (budget) group.budget = budget;
  }
}

/** The first and last day of [from, to) in the zone, both included. */
export function reportPeriod(input: Pick<TimeReportInput, "from" | "to">, timeZone: string): TimeReport["period"] {
  return { firstDay: zonedDate(input.from, timeZone), lastDay: zonedDate(new Date(input.to.getTime() - 1), timeZone) };
}

const YES_NO = (value: boolean, yes: string, no: string) => (value ? yes : no);

/** The filters in force as people read them, the names of the chosen customer, project, task and member looked up in one statement. */
async function describeFilters(db: DbClient, viewer: ReportViewer, input: Filters & { userId?: string }): Promise<ReportFilter[]> {
  const memberId = viewer.userId ?? input.userId;
  const ids = { customer: input.customerId, project: input.projectId, task: input.taskId, member: memberId };
  let names: Record<keyof typeof ids, string | null> = { customer: null, project: null, task: null, member: null };
  if (Object.values(ids).some(Boolean)) {
    const org = viewer.organizationId;
    const [found] = await db.$queryRaw<Array<typeof names>>`
      SELECT (SELECT "name" FROM "Customer" WHERE "id" = ${ids.customer ?? null} AND "organizationId" = ${org}) AS "customer",
        (SELECT "title" FROM "Constellation" WHERE "id" = ${ids.project ?? null} AND "organizationId" = ${org}) AS "project",
        (SELECT "title" FROM "Task" WHERE "id" = ${ids.task ?? null} AND "organizationId" = ${org}) AS "task",
        (SELECT "name" FROM "User" WHERE "id" = ${ids.member ?? null} AND "organizationId" = ${org}) AS "member"`;
    if (found) names = found;
  }
  const filters: ReportFilter[] = [];
  const named = (field: string, label: string, id: string | undefined, name: string | null) => id && filters.push({ field, label, value: name ?? `Unknown ${label.toLowerCase()}` });
  named("customerId", "Customer", ids.customer, names.customer);
  named("projectId", "Project", ids.project, names.project);
  named("taskId", "Task", ids.task, names.task);
  named("userId", "Member", ids.member, names.member);
  if (input.isBillable !== undefined) filters.push({ field: "isBillable", label: "Billable", value: YES_NO(input.isBillable, "Billable only", "Non-billable only") });
  if (input.invoiced !== undefined) filters.push({ field: "invoiced", label: "Invoiced", value: YES_NO(input.invoiced, "Invoiced only", "Not invoiced") });
  if (input.tag) filters.push({ field: "tag", label: "Tag", value: input.tag });
  if (input.approval) filters.push({ field: "approval", label: "Approval", value: REPORT_APPROVAL_LABELS[input.approval] });
  return filters;
}

/** The summary, read in chunks of `reading.chunkRows` logs (or one statement); the same figures either way. */
async function computeReport(db: DbClient, viewer: ReportViewer, input: TimeReportInput, reading: ReportReading): Promise<TimeReport> {
  const [first, second] = input.groupBy as [ReportDimension, ReportDimension?];
  const outer = keyAndLabel(viewer, first);
  const inner = second ? keyAndLabel(viewer, second) : { key: Prisma.sql`NULL::text`, label: Prisma.sql`NULL::text` };
  const joined = new Set<keyof typeof JOINS>(["customer"]);
  for (const dimension of input.groupBy) if (dimension in JOINS) joined.add(dimension as keyof typeof JOINS);
  const amounts = viewer.showAmounts;
  const isChunked = Number.isFinite(reading.chunkRows);
  // A chunk's size and last log, read from the chunk itself (it is materialized once).
  const chunkColumns = isChunked
    ? Prisma.sql`, (SELECT count(*) FROM "chunk")::int AS "chunkRows",
        (SELECT x."startedAt" FROM "chunk" x ORDER BY x."startedAt" DESC, x."id" DESC LIMIT 1) AS "lastStartedAt",
        (SELECT x."id" FROM "chunk" x ORDER BY x."startedAt" DESC, x."id" DESC LIMIT 1) AS "lastId"`
    : Prisma.empty;

  const totals = accumulator(null, "", first, false);
  const groups = new Map<string | null, Accumulator>();
  let after: Keyset | null = null;
  for (;;) {
    const rows: AggregateRow[] = await db.$queryRaw<AggregateRow[]>`
      WITH "chunk" AS (${logsOf(viewer, input, AGGREGATED_COLUMNS, after, reading.chunkRows)})
      SELECT ${outer.key} AS "k1", ${outer.label} AS "l1", ${inner.key} AS "k2", ${inner.label} AS "l2",
        ${amounts ? Prisma.sql`c."id"` : Prisma.sql`NULL::text`} AS "customerId",
        ${amounts ? LOG_INVOICE_ID_SQL : Prisma.sql`NULL::text`} AS "invoiceId",
        ${amounts ? LOG_CURRENCY_SQL : Prisma.sql`NULL::text`} AS "currency",
        ${amounts ? LOG_TAX_RATE_BPS_SQL : Prisma.sql`NULL::int`} AS "taxRateBps",
        SUM(l."durationSeconds")::bigint AS "seconds",
        SUM(CASE WHEN l."isBillable" THEN l."durationSeconds" ELSE 0 END)::bigint AS "billable",
        SUM(${LOG_BILLED_SECONDS_SQL})::bigint AS "billed",
        ${amounts ? Prisma.sql`SUM(${LOG_AMOUNT_CENTS_SQL})::bigint` : Prisma.sql`NULL::bigint`} AS "amount",
        ${amounts ? Prisma.sql`SUM(${LOG_COST_CENTS_SQL})::bigint` : Prisma.sql`NULL::bigint`} AS "cost"
        ${chunkColumns}
      FROM "chunk" l ${Prisma.join([...joined].map((name) => JOINS[name]), " ")} ${LOG_RATE_JOINS_SQL}
      GROUP BY 1, 2, 3, 4, 5, 6`;
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
    const last = rows[0];
    if (!isChunked || !last || last.chunkRows! < reading.chunkRows) break;
    after = { startedAt: last.lastStartedAt!, id: last.lastId! };
  }
  const finished = ordered(groups.values(), first).map((group) => finish(group, input.groupBy, 0, viewer.showCosts === true));
  if (input.groupBy.includes("project")) await addBudgets(db, viewer, finished, input.groupBy.indexOf("project"));
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    groupBy: input.groupBy,
    timeZone: viewer.timeZone,
    period: reportPeriod(input, viewer.timeZone),
    filters: await describeFilters(db, viewer, input),
    totals: measuresOf(totals, viewer.showCosts === true),
    groups: finished,
  };
}

export function timeReport(db: DbClient, viewer: ReportViewer, input: TimeReportInput, reading = defaultReading()): Promise<TimeReport> {
  return oneReportAtATime(viewer, () => computeReport(db, viewer, input, reading));
}

/** Rows per breakdown of the hours report; the rest of the time is folded into `other` so the totals still add up. */
export const HOURS_REPORT_ROW_LIMIT = 50;

const hoursSplit = (group: Pick<ReportGroup, "seconds" | "billableSeconds">): HoursSplit => ({ billableSeconds: group.billableSeconds, nonBillableSeconds: group.seconds - group.billableSeconds });

/** Largest first, then by id, logs without one after those with one at equal time; the first HOURS_REPORT_ROW_LIMIT. */
function hoursRows(groups: Iterable<Pick<ReportGroup, "key" | "label" | "seconds" | "billableSeconds">>): HoursReportRow[] {
  const byId = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return [...groups]
    .sort((a, b) => b.seconds - a.seconds || byId(a.key, b.key))
    .slice(0, HOURS_REPORT_ROW_LIMIT)
    .map((group) => ({ id: group.key, name: group.key === null ? null : group.label, ...hoursSplit(group) }));
}

const folded = (total: HoursSplit, rows: HoursSplit[]): HoursSplit => ({
  billableSeconds: total.billableSeconds - rows.reduce((sum, row) => sum + row.billableSeconds, 0),
  nonBillableSeconds: total.nonBillableSeconds - rows.reduce((sum, row) => sum + row.nonBillableSeconds, 0),
});

/**
 * The hours report: the time report of [from, to) by customer, then project, read as hours per
 * customer and per project, billable against non-billable. Admins see the organization, members their
 * own time, as in every report.
 */
export async function hoursReport(db: DbClient, actor: Actor, input: HoursReportInput): Promise<HoursReport> {
  const viewer = { ...(await reportViewerFor(db, actor, undefined)), showAmounts: false };
  const report = await timeReport(db, viewer, { from: input.from, to: input.to, groupBy: ["customer", "project"] });
  const projects = new Map<string | null, Pick<ReportGroup, "key" | "label" | "seconds" | "billableSeconds">>();
  for (const project of report.groups.flatMap((customer) => customer.groups ?? [])) {
    const sum = projects.get(project.key) ?? { key: project.key, label: project.label, seconds: 0, billableSeconds: 0 };
    sum.seconds += project.seconds;
    sum.billableSeconds += project.billableSeconds;
    projects.set(project.key, sum);
  }
  const totals = hoursSplit(report.totals);
  const customerRows = hoursRows(report.groups);
  const projectRows = hoursRows(projects.values());
  return {
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    scope: seesEveryonesLogs(actor) ? "organization" : "self",
    totals,
    customers: customerRows,
    projects: projectRows,
    otherCustomers: folded(totals, customerRows),
    otherProjects: folded(totals, projectRows),
  };
}

/** One log of a CSV report or of the PDF's detail: its group labels, then the log. */
export interface ReportLogRow {
  groups: string[];
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number;
  billedSeconds: number;
  member: string;
  customer: string | null;
  project: string | null;
  task: string | null;
  description: string | null;
  tags: string[];
  isBillable: boolean;
  /** The number of the live invoice billing it. */
  invoice: string | null;
  currency: string | null;
  amountCents: number | null;
}

type LogRow = Omit<ReportLogRow, "groups" | "amountCents" | "startedAt" | "endedAt"> & { id: string; g: string[]; amount: bigint | null; startedAt: Date; endedAt: Date | null };

/**
 * The report's logs, oldest first, each with the labels of its groups: at most `max` (and whether there
 * were more), read `reading.chunkRows` at a time.
 */
async function reportLogRows(db: DbClient, viewer: ReportViewer, input: TimeReportInput, max: number, reading: ReportReading): Promise<{ rows: ReportLogRow[]; hasMore: boolean }> {
  const labels = input.groupBy.map((dimension) => {
    const { label } = keyAndLabel(viewer, dimension);
    return Prisma.sql`COALESCE(${label}, ${NONE_LABEL[dimension]})`;
  });
  const rows: LogRow[] = [];
  let after: Keyset | null = null;
  while (rows.length <= max) {
    const limit = Math.min(reading.chunkRows, max + 1 - rows.length);
    const chunk: LogRow[] = await db.$queryRaw<LogRow[]>`
      SELECT l."id", ARRAY[${Prisma.join(labels)}]::text[] AS "g", l."startedAt", l."endedAt", l."durationSeconds",
        (${LOG_BILLED_SECONDS_SQL})::int AS "billedSeconds", u."name" AS "member",
        c."name" AS "customer", p."title" AS "project", t."title" AS "task", l."description", l."tags", l."isBillable",
        ${LOG_INVOICE_NUMBER_SQL} AS "invoice",
        ${viewer.showAmounts ? LOG_CURRENCY_SQL : Prisma.sql`NULL::text`} AS "currency",
        ${viewer.showAmounts ? Prisma.sql`(${LOG_AMOUNT_CENTS_SQL})::bigint` : Prisma.sql`NULL::bigint`} AS "amount"
      FROM (${logsOf(viewer, input, Prisma.sql`l.*`, after, limit)}) l ${Prisma.join(Object.values(JOINS), " ")} ${LOG_RATE_JOINS_SQL}
      ORDER BY l."startedAt", l."id"`;
    rows.push(...chunk);
    const last = chunk.at(-1);
    if (!last || chunk.length < limit) break;
    after = { startedAt: last.startedAt, id: last.id };
  }
  const hasMore = rows.length > max;
  return {
    hasMore,
    rows: rows.slice(0, max).map(({ id: _id, g, amount, startedAt, endedAt, ...row }) => ({
      ...row,
      groups: g,
      startedAt: startedAt.toISOString(),
      endedAt: endedAt?.toISOString() ?? null,
      currency: amount === null ? null : row.currency,
      amountCents: amount === null ? null : Number(amount),
    })),
  };
}

/** The CSV's rows: every log of the report, refused past MAX_REPORT_CSV_ROWS. */
export async function timeReportLogs(db: DbClient, viewer: ReportViewer, input: TimeReportInput, reading = defaultReading()): Promise<ReportLogRow[]> {
  const { rows, hasMore } = await reportLogRows(db, viewer, input, MAX_REPORT_CSV_ROWS, reading);
  if (hasMore) throw validationError("to", `the report has more than ${MAX_REPORT_CSV_ROWS.toLocaleString("en")} time logs; choose a shorter range`);
  return rows;
}

/** `time-report-2026-11-01-to-2026-11-30`: the period's days in the report's zone. */
export function reportFileName(period: TimeReport["period"]): string {
  return `time-report-${period.firstDay}-to-${period.lastDay}`;
}

/** The report as a CSV of its logs, or a PDF of its summary, its filters and its logs. */
export function timeReportFile(db: DbClient, viewer: ReportViewer, input: TimeReportFileInput, title = "Time report", reading = defaultReading()): Promise<FileView> {
  const name = reportFileName(reportPeriod(input, viewer.timeZone));
  return collectingAfter(() => oneReportAtATime(viewer, async () => {
    if (input.format === "csv") {
      const body = renderReportCsv(input.groupBy, await timeReportLogs(db, viewer, input, reading), { showAmounts: viewer.showAmounts });
      return { filename: `${name}.csv`, contentType: "text/csv; charset=utf-8", body };
    }
    const report = await computeReport(db, viewer, input, reading);
    const detail = await reportLogRows(db, viewer, input, PDF_DETAIL_ROWS, reading);
    return { filename: `${name}.pdf`, contentType: "application/pdf", body: await renderReportPdf(report, detail, { title, timeFormat: viewer.timeFormat, durationFormat: viewer.durationFormat }) };
  }));
}

