// Work summary (issue "projects and customers that show their work"): a project's or a customer's
// hours this week, this month and all time, billable and not, with amounts, and per task or project.
import { z } from "zod";
import { idInput } from "@/server/lib/zod";

export const workSummaryInput = z.object({ id: idInput });
export type WorkSummaryInput = z.output<typeof workSummaryInput>;

const amountSchema = z.object({ currency: z.string(), amountCents: z.number().int() });
const hoursSchema = z.object({ seconds: z.number().int(), billableSeconds: z.number().int() });
/** A period's hours and, for admins, its billable amounts per currency (before tax, as invoices compute them). */
const periodSchema = hoursSchema.extend({ amounts: z.array(amountSchema) });

export const workPeriodsSchema = z.object({ thisWeek: periodSchema, thisMonth: periodSchema, allTime: periodSchema });

/** A task (on a project's page) or a project (on a customer's page); id and name null for time without one. */
const workRowSchema = z.object({ id: z.string().nullable(), name: z.string().nullable(), thisWeek: hoursSchema, thisMonth: hoursSchema, allTime: hoursSchema });

export const workSummarySchema = z.object({
  /** `organization` for admins; `self` when a member sees only their own time. */
  scope: z.enum(["organization", "self"]),
  /** Amounts reveal rates, which members do not see: then every `amounts` is empty. */
  showsAmounts: z.boolean(),
  timeZone: z.string(),
  /** The instants that bound this week and this month in the viewer's zone, `[from, to)`. */
  ranges: z.object({ thisWeek: z.object({ from: z.string(), to: z.string() }), thisMonth: z.object({ from: z.string(), to: z.string() }) }),
  totals: workPeriodsSchema,
  /** Largest all-time first; the rest, beyond WORK_ROW_LIMIT, is in `other`. */
  rows: z.array(workRowSchema),
  other: z.object({ thisWeek: hoursSchema, thisMonth: hoursSchema, allTime: hoursSchema }),
});

export type WorkHours = z.output<typeof hoursSchema>;
export type WorkPeriod = z.output<typeof periodSchema>;
export type WorkRow = z.output<typeof workRowSchema>;
export type WorkSummary = z.output<typeof workSummarySchema>;
