// A report's parameters as the Reports page holds them: in the address (so a report can be bookmarked
// and a saved one opened by link), as the time report's input, and as a saved report's query. The
// range is a named period (resolved in the person's zone and week start, as a saved report's is) or
// two calendar days.
import type { ReportDimension } from "@/server/contract/time-report";
import type { ReportApprovalState } from "@/server/contract/approval";
import { resolveRelativeRange, type RelativeRange } from "@/lib/report-ranges";
import { addDays, isDateString, startOfZonedDay, zonedDate } from "@/lib/time-zone";

export const DIMENSION_LABELS: Record<ReportDimension, string> = {
  customer: "Customer",
  project: "Project",
  task: "Task",
  member: "Member",
  day: "Day",
  week: "Week",
};
export const DIMENSIONS = Object.keys(DIMENSION_LABELS) as ReportDimension[];

export const RANGE_LABELS: Record<RelativeRange, string> = {
  this_week: "This week",
  last_week: "Last week",
  this_month: "This month",
  last_month: "Last month",
  last_30_days: "Last 30 days",
  this_year: "This year",
};
const RANGES = Object.keys(RANGE_LABELS) as RelativeRange[];

export type Billable = "all" | "billable" | "non_billable";
export type Invoiced = "all" | "invoiced" | "not_invoiced";
export type Approval = "all" | ReportApprovalState;

/** The approval filter's choices, as the report's `approval` parameter takes them. */
export const APPROVAL_LABELS: Record<Approval, string> = {
  all: "Any week",
  approved: "Approved weeks",
  submitted: "Awaiting approval",
  none: "Not submitted",
};
const isApproval = (value: string | null): value is ReportApprovalState => value !== null && value !== "all" && value in APPROVAL_LABELS;

export interface ReportQuery {
  /** A named period, or `custom` for the days in `from` and `to`. */
  range: RelativeRange | "custom";
  /** `YYYY-MM-DD`, both included; read only when `range` is `custom`. */
  from: string;
  to: string;
  groupBy: [ReportDimension] | [ReportDimension, ReportDimension];
  customerId: string | null;
  projectId: string | null;
  taskId: string | null;
  userId: string | null;
  billable: Billable;
  invoiced: Invoiced;
  /** The logs' weeks: approved, awaiting approval, not submitted (never, rejected or reopened), or any. */
  approval: Approval;
}

/** Days and weeks are counted in the person's zone, from their first day of the week. */
export interface ReportCalendar {
  timeZone: string;
  weekStart: "monday" | "sunday";
}

const DEFAULT_GROUPING: ReportQuery["groupBy"] = ["project"];

const isDimension = (value: string): value is ReportDimension => value in DIMENSION_LABELS;
const isRange = (value: string): value is RelativeRange => value in RANGE_LABELS;

/** The query in the address; anything unknown there falls back to this month grouped by project. */
export function parseReportQuery(params: URLSearchParams): ReportQuery {
  const range = params.get("range") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const parts = (params.get("groupBy") ?? "").split(",").filter(isDimension);
  const groupBy: ReportQuery["groupBy"] = parts.length === 0 ? DEFAULT_GROUPING : parts[1] && parts[1] !== parts[0] ? [parts[0]!, parts[1]] : [parts[0]!];
  const billable = params.get("billable");
  const invoiced = params.get("invoiced");
  const approval = params.get("approval");
  const id = (name: string) => params.get(name) || null;
  const isCustom = range === "custom" && isDateString(from) && isDateString(to);
  return {
    range: isCustom ? "custom" : isRange(range) ? range : "this_month",
    from: isCustom ? from : "",
    to: isCustom ? to : "",
    groupBy,
    customerId: id("customerId"),
    projectId: id("projectId"),
    taskId: id("taskId"),
    userId: id("userId"),
    billable: billable === "true" ? "billable" : billable === "false" ? "non_billable" : "all",
    invoiced: invoiced === "true" ? "invoiced" : invoiced === "false" ? "not_invoiced" : "all",
    approval: isApproval(approval) ? approval : "all",
  };
}

/** The address's query string for a report (the defaults left out). */
export function reportSearch(query: ReportQuery): string {
  const params = new URLSearchParams();
  params.set("range", query.range);
  if (query.range === "custom") {
    params.set("from", query.from);
    params.set("to", query.to);
  }
  params.set("groupBy", query.groupBy.join(","));
  for (const name of ["customerId", "projectId", "taskId", "userId"] as const) if (query[name]) params.set(name, query[name]);
  if (query.billable !== "all") params.set("billable", String(query.billable === "billable"));
  if (query.invoiced !== "all") params.set("invoiced", String(query.invoiced === "invoiced"));
  if (query.approval !== "all") params.set("approval", query.approval);
  return params.toString();
}

/** The instants `[from, to)` of the report's days; null while the custom days are missing or reversed. */
export function reportInstants(query: ReportQuery, calendar: ReportCalendar, now = new Date()): { from: Date; to: Date } | null {
  if (query.range !== "custom") return resolveRelativeRange(query.range, now, calendar.timeZone, calendar.weekStart);
  if (!isDateString(query.from) || !isDateString(query.to) || query.to < query.from) return null;
  return { from: startOfZonedDay(query.from, calendar.timeZone), to: startOfZonedDay(addDays(query.to, 1), calendar.timeZone) };
}

/** The first and last day of a range of instants, in the person's zone (for the date fields). */
export function rangeDays(instants: { from: Date; to: Date }, timeZone: string): { from: string; to: string } {
  return { from: zonedDate(instants.from, timeZone), to: addDays(zonedDate(instants.to, timeZone), -1) };
}

/** The filters as the report procedures take them (ids, `approval`, and `isBillable` and `invoiced` in their query-string form). */
export function reportFilters(query: ReportQuery) {
  return {
    ...(query.customerId ? { customerId: query.customerId } : {}),
    ...(query.projectId ? { projectId: query.projectId } : {}),
    ...(query.taskId ? { taskId: query.taskId } : {}),
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.billable === "all" ? {} : { isBillable: query.billable === "billable" ? ("true" as const) : ("false" as const) }),
    ...(query.invoiced === "all" ? {} : { invoiced: query.invoiced === "invoiced" ? ("true" as const) : ("false" as const) }),
    ...(query.approval === "all" ? {} : { approval: query.approval }),
  };
}

/** A saved report's query: the named period stays named, so it moves on with the calendar. */
export function savedQueryOf(query: ReportQuery, instants: { from: Date; to: Date }) {
  const { isBillable, invoiced, ...idsAndApproval } = reportFilters(query);
  return {
    ...idsAndApproval,
    range: query.range === "custom" ? { from: instants.from.toISOString(), to: instants.to.toISOString() } : query.range,
    groupBy: query.groupBy.join(","),
    ...(isBillable ? { isBillable: isBillable === "true" } : {}),
    ...(invoiced ? { invoiced: invoiced === "true" } : {}),
  };
}

/** A saved report's stored query back as the page's (a fixed range as the days it spans). */
export function reportQueryOfSaved(
  stored: { range: RelativeRange | { from: string; to: string }; groupBy: string[]; customerId?: string; projectId?: string; taskId?: string; userId?: string; isBillable?: boolean; invoiced?: boolean; approval?: ReportApprovalState },
  timeZone: string,
): ReportQuery {
  const params = new URLSearchParams();
  if (typeof stored.range === "string") params.set("range", stored.range);
  else {
    const days = rangeDays({ from: new Date(stored.range.from), to: new Date(stored.range.to) }, timeZone);
    params.set("range", "custom");
    params.set("from", days.from);
    params.set("to", days.to);
  }
  params.set("groupBy", stored.groupBy.join(","));
  for (const name of ["customerId", "projectId", "taskId", "userId"] as const) if (stored[name]) params.set(name, stored[name]);
  if (stored.isBillable !== undefined) params.set("billable", String(stored.isBillable));
  if (stored.invoiced !== undefined) params.set("invoiced", String(stored.invoiced));
  if (stored.approval) params.set("approval", stored.approval);
  return parseReportQuery(params);
}

/** "This month", or the days of a fixed range. */
export function describeRange(range: RelativeRange | { from: string; to: string }, timeZone: string): string {
  if (typeof range === "string") return RANGE_LABELS[range];
  const days = rangeDays({ from: new Date(range.from), to: new Date(range.to) }, timeZone);
  return `${days.from} to ${days.to}`;
}

/** A group's name as shown: a week by its first day. */
export function groupLabel(dimension: ReportDimension, label: string): string {
  return dimension === "week" ? `Week of ${label}` : label;
}

export { RANGES };

/** The first page of the report's logs and of the saved reports: the server render and the page ask for the same. */
export const REPORT_LOGS_PAGE_SIZE = 50;
export const SAVED_REPORTS_PAGE_SIZE = 20;

/** The inputs of the report's summary and of its logs, for the period's instants. */
export function reportRequests(query: ReportQuery, instants: { from: Date; to: Date }) {
  const bounds = { from: instants.from.toISOString(), to: instants.to.toISOString() };
  const filters = reportFilters(query);
  return { summary: { ...bounds, groupBy: query.groupBy.join(","), ...filters }, logs: { ...bounds, ...filters, limit: REPORT_LOGS_PAGE_SIZE } };
}
