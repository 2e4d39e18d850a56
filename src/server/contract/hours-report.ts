// Hours report (app-api section 4): the range input and the breakdown per customer and per project,
// billable against non-billable.
import { z } from "zod";
import { isoInstant, timestampSchema } from "@/server/lib/zod";

/** A report covers at most this many days, so one request never scans years of logs. */
export const MAX_REPORT_DAYS = 366;

/** `to` after `from`, at most MAX_REPORT_DAYS later: the range check of every report. */
export function refineReportRange(input: { from: unknown; to: unknown }, ctx: z.RefinementCtx): void {
  // zod runs this even when a field failed its own check; then there is no range to compare.
  if (!(input.from instanceof Date) || !(input.to instanceof Date)) return;
  if (input.to <= input.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  else if (input.to.getTime() - input.from.getTime() > MAX_REPORT_DAYS * 86_400_000) {
    ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
  }
}

export const hoursReportInput = z.object({ from: isoInstant(), to: isoInstant() }).superRefine(refineReportRange);

const split = { billableSeconds: z.number().int(), nonBillableSeconds: z.number().int() };
const splitSchema = z.object(split);
/** A customer or project; id and name null for logs without one. */
const rowSchema = z.object({ id: z.string().nullable(), name: z.string().nullable(), ...split });

export const hoursReportSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  /** `organization` for admins; `self` when a member sees only their own time. */
  scope: z.enum(["organization", "self"]),
  totals: splitSchema,
  customers: z.array(rowSchema),
  projects: z.array(rowSchema),
  /** Time of the rows beyond the first REPORT_ROW_LIMIT of each breakdown. */
  otherCustomers: splitSchema,
  otherProjects: splitSchema,
});

export type HoursReportInput = z.output<typeof hoursReportInput>;
export type HoursSplit = z.output<typeof splitSchema>;
export type HoursReportRow = z.output<typeof rowSchema>;
export type HoursReport = z.output<typeof hoursReportSchema>;
