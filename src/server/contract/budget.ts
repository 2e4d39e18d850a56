// A project's budget (app-api section 16): hours, or money in cents at the resolved rates; for the
// project's whole life (`total`) or per calendar month in UTC (`monthly`); with the percentages that
// raise a notice. The budget as set, and as it stands in its current period.
import { z } from "zod";
import { timestampSchema, uncoerced } from "@/server/lib/zod";

export const BUDGET_KINDS = ["hours", "amount"] as const;
export const BUDGET_PERIODS = ["total", "monthly"] as const;
export const DEFAULT_ALERT_PERCENTS = [80, 100];
/** More thresholds than anyone watches; keeps a check's work bounded. */
export const MAX_ALERT_PERCENTS = 10;
/** Largest budget: 1,000,000 hours, or 100,000,000.00 in cents. */
const MAX_BUDGET = { hours: 1_000_000, amount: 10_000_000_000 } as const;

export const budgetInput = z
  .object({
    kind: z.enum(BUDGET_KINDS, { error: "must be hours or amount" }),
    /** Hours (2 decimals at most), or cents (a whole number). */
    value: uncoerced(z.number().positive("must be more than 0")),
    period: z.enum(BUDGET_PERIODS, { error: "must be total or monthly" }),
    alertPercents: z
      .array(uncoerced(z.number().int("must be whole percentages").min(1, "must be at least 1").max(1000, "must be at most 1000")))
      .min(1, "name at least one percentage")
      .max(MAX_ALERT_PERCENTS, `name at most ${MAX_ALERT_PERCENTS} percentages`)
      .optional(),
  })
  .superRefine((budget, ctx) => {
    if (budget.value > MAX_BUDGET[budget.kind]) ctx.addIssue({ code: "custom", path: ["value"], message: `must be at most ${MAX_BUDGET[budget.kind]}` });
    if (budget.kind === "amount" && !Number.isInteger(budget.value)) ctx.addIssue({ code: "custom", path: ["value"], message: "must be a whole number of cents" });
    if (budget.kind === "hours" && Math.round(budget.value * 100) !== budget.value * 100) ctx.addIssue({ code: "custom", path: ["value"], message: "must have at most 2 decimals" });
  })
  .transform((budget) => ({ ...budget, alertPercents: [...new Set(budget.alertPercents ?? DEFAULT_ALERT_PERCENTS)].sort((a, b) => a - b) }));
export type BudgetInput = z.output<typeof budgetInput>;

export const budgetSettingsSchema = z.object({
  kind: z.enum(BUDGET_KINDS),
  value: z.number(),
  period: z.enum(BUDGET_PERIODS),
  alertPercents: z.array(z.number().int()),
});
export type BudgetSettingsView = z.output<typeof budgetSettingsSchema>;

/**
 * The budget in its current period: `periodStart` is the month's first instant (null for `total`);
 * `spentSeconds` every tracked second of the project in the period; `spentCents` the billable amounts at
 * the resolved rates (null for a member: amounts reveal rates); `percent` of the budget spent, one decimal.
 */
export const budgetStatusSchema = budgetSettingsSchema.extend({
  value: z.number().nullable(),
  periodStart: timestampSchema.nullable(),
  spentSeconds: z.number().int(),
  spentCents: z.number().int().nullable(),
  percent: z.number(),
});
/** On a report's project group: the budget, spent and remaining in its current period, in its unit (hours, or cents). */
export const reportBudgetSchema = z.object({
  kind: z.enum(BUDGET_KINDS),
  value: z.number(),
  period: z.enum(BUDGET_PERIODS),
  periodStart: timestampSchema.nullable(),
  spent: z.number(),
  remaining: z.number(),
});
export type ReportBudgetView = z.output<typeof reportBudgetSchema>;

export type BudgetStatusView = z.output<typeof budgetStatusSchema>;
