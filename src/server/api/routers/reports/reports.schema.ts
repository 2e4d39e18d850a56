import { z } from "zod";
import { timestampSchema } from "@/server/lib/zod";
import { isoInstant } from "@/server/lib/zod";

/** A report covers at most this many days, so one request never scans years of logs. */
export const MAX_REPORT_DAYS = 366;

export const hoursReportInput = z
  .object({ from: isoInstant(), to: isoInstant() })
  .superRefine((input, ctx) => {
    // zod runs this even when a field failed its own check; then there is no range to compare.
    if (!(input.from instanceof Date) || !(input.to instanceof Date)) return;
    if (input.to <= input.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
    else if (input.to.getTime() - input.from.getTime() > MAX_REPORT_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
    }
  });

const split = { billableSeconds: z.number().int(), nonBillableSeconds: z.number().int() };
const splitSchema = z.object(split);
const rowSchema = z.object({ id: z.string().nullable(), name: z.string().nullable(), ...split });

export const hoursReportSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  scope: z.enum(["organization", "self"]),
  totals: splitSchema,
  customers: z.array(rowSchema),
  projects: z.array(rowSchema),
  otherCustomers: splitSchema,
  otherProjects: splitSchema,
});
