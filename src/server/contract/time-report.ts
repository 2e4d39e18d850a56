// Time report (app-api section 12): seconds and amounts over a range, grouped by one or two of
// customer, project, task, member, day, week, with optional filters.
import { z } from "zod";
import { REPORT_APPROVAL_STATES } from "@/server/contract/approval";
import { idInput, isoInstant, queryBoolean, timestampSchema } from "@/server/lib/zod";
import { MAX_TAG_LENGTH } from "@/lib/limits";
import { paginationInput } from "@/server/lib/cursor";
import { refineReportRange } from "@/server/contract/hours-report";
import { timeZoneInput, weekStartSchema } from "@/server/contract/preferences";
import { reportBudgetSchema } from "@/server/contract/budget";

export const REPORT_DIMENSIONS = ["customer", "project", "task", "member", "day", "week"] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** `groupBy`: one or two different dimensions, comma-separated (`customer,week`). */
export const reportGroupBy = z.string().transform((value, ctx) => {
  const parts = value.split(",").map((part) => part.trim());
  const unknown = parts.find((part) => !(REPORT_DIMENSIONS as readonly string[]).includes(part));
  let message: string | undefined;
  if (unknown !== undefined) message = `"${unknown}" is not a grouping; use ${REPORT_DIMENSIONS.join(", ")}`;
  else if (parts.length > 2) message = "name one or two groupings";
  else if (parts[0] === parts[1]) message = "name two different groupings";
  if (message) {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  }
  return parts as ReportDimension[];
});

/** The report's filters; absent means every value. */
export const timeReportFilters = {
  customerId: idInput.optional(),
  projectId: idInput.optional(),
  taskId: idInput.optional(),
  userId: idInput.optional(),
  isBillable: queryBoolean().optional(),
  /** `true`: only logs a live invoice bills; `false`: only logs none does (a void invoice bills nothing). */
  invoiced: queryBoolean().optional(),
  tag: z.string().trim().min(1).max(MAX_TAG_LENGTH, `must be at most ${MAX_TAG_LENGTH} characters`).optional(),
  /** Logs whose week is approved, awaits approval (`submitted`), or neither (`none`): section 16. */
  approval: z.enum(REPORT_APPROVAL_STATES, { error: "must be approved, submitted or none" }).optional(),
};

const timeReportFields = {
  from: isoInstant(),
  to: isoInstant(),
  groupBy: reportGroupBy,
  ...timeReportFilters,
};

export const timeReportInput = z.object(timeReportFields).superRefine(refineReportRange);

/** The report as a file: `format` csv (one row per log) or pdf (the summary and its chart). */
export const timeReportFileInput = z
  .object({ ...timeReportFields, format: z.enum(["csv", "pdf"], { error: "must be json, csv or pdf" }) })
  .superRefine(refineReportRange);

/**
 * GET /api/v1/reports/time: the same query without `format`. A key has no person's preferences, so the
 * zone days and weeks are counted in and the first day of a week are parameters (UTC and Monday, the
 * defaults of a new account, when absent).
 */
export const apiTimeReportInput = z
  .object({
    ...timeReportFields,
    timeZone: timeZoneInput.default("UTC").meta({ description: "IANA time zone the `day` and `week` groups and the period are counted in", example: "Europe/Berlin" }),
    weekStart: weekStartSchema.default("monday").meta({ description: "The first day of a `week` group" }),
  })
  .superRefine(refineReportRange);

export type TimeReportInput = z.output<typeof timeReportInput>;
export type ApiTimeReportInput = z.output<typeof apiTimeReportInput>;
export type TimeReportFileInput = z.output<typeof timeReportFileInput>;

/** Before tax, and the tax an invoice of that time adds: each customer's rate on its own subtotal, summed. */
const amountSchema = z.object({ currency: z.string(), amountCents: z.number().int(), taxCents: z.number().int() });
export type ReportAmount = z.output<typeof amountSchema>;

/** `billedSeconds`: the billable time as invoices bill it, each log rounded by its customer's increment and mode. */
const measures = {
  seconds: z.number().int(),
  billableSeconds: z.number().int(),
  billedSeconds: z.number().int(),
  amounts: z.array(amountSchema),
  /** Admins only: the tracked seconds at each member's cost rate (a member without one costs nothing). */
  costCents: z.number().int().optional(),
  /** Admins only: the amounts before tax less costCents; null when the amounts are in several currencies. */
  marginCents: z.number().int().nullable().optional(),
};
export type ReportMeasures = z.output<z.ZodObject<typeof measures>>;

/** A project group's budget (app-api section 16); absent when the project has none, or for a member, an amount budget. */
const innerGroupSchema = z.object({ key: z.string().nullable(), label: z.string(), ...measures, budget: reportBudgetSchema.optional() });
const groupSchema = innerGroupSchema.extend({ groups: z.array(innerGroupSchema).optional() });
export type ReportGroup = z.output<typeof groupSchema>;

export const timeReportSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  groupBy: z.array(z.enum(REPORT_DIMENSIONS)),
  /** The zone days and weeks are counted in (the caller's preference, or the owner's for a shared report). */
  timeZone: z.string(),
  /** The first and last day of the period in that zone (`YYYY-MM-DD`, both included). */
  period: z.object({ firstDay: z.string(), lastDay: z.string() }),
  /** The filters in force, as people read them (`Customer: Globex`), in the order of the report's controls. */
  filters: z.array(z.object({ field: z.string(), label: z.string(), value: z.string() })),
  totals: z.object(measures),
  groups: z.array(groupSchema),
});
export type TimeReport = z.output<typeof timeReportSchema>;
export type ReportFilter = TimeReport["filters"][number];

/** The report's detail: its logs a page at a time, oldest first (the same filters, no grouping). */
export const timeReportLogsInput = z.object({ from: isoInstant(), to: isoInstant(), ...timeReportFilters, ...paginationInput("report-logs") }).superRefine(refineReportRange);
export type TimeReportLogsInput = z.output<typeof timeReportLogsInput>;

export const reportLogSchema = z.object({
  id: z.string(),
  startedAt: timestampSchema,
  durationSeconds: z.number().int(),
  isBillable: z.boolean(),
  description: z.string().nullable(),
  member: z.string(),
  customer: z.string().nullable(),
  project: z.string().nullable(),
  task: z.string().nullable(),
});
export type ReportLogView = z.output<typeof reportLogSchema>;

/** A shared report's detail page: only the page position (the report's own filters apply). */
export const sharedReportLogsInput = z.object(paginationInput("report-logs"));
