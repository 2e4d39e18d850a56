// The web app's time-log list and totals: filters the public list has not (project, member scoping),
// JSON booleans, and days the browser delimits in its own time zone.
import { z } from "zod";
import { appPage } from "@/server/api/app-schemas";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, isoInstant } from "@/server/lib/zod";
import { timeLogSchema } from "./time-logs.schema";

const idFilter = idInput.optional();

export const appTimeLogFiltersInput = {
  customerId: idFilter,
  constellationId: idFilter,
  isBillable: z.boolean().optional(),
  userId: idFilter,
};

export const listTimeLogsInAppInput = z
  .object({
    from: isoInstant().optional(),
    to: isoInstant().optional(),
    ...appTimeLogFiltersInput,
    ...paginationInput,
  })
  .superRefine((input, context) => {
    if (input.from && input.to && input.to <= input.from) context.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  });

export const appTimeLogSchema = timeLogSchema.extend({ taskTitle: z.string().nullable(), customerName: z.string().nullable(), userName: z.string() });
export const appTimeLogPage = appPage(appTimeLogSchema);

export const MAX_SUMMARY_DAYS = 31;

export const summarizeTimeLogsInput = z
  .object({
    dayStarts: z.array(isoInstant()).min(1).max(MAX_SUMMARY_DAYS),
    end: isoInstant(),
    ...appTimeLogFiltersInput,
  })
  .superRefine((input, context) => {
    const bounds = [...input.dayStarts, input.end].map((value) => new Date(value).getTime());
    if (bounds.some((value, index) => index > 0 && value <= bounds[index - 1]!)) {
      context.addIssue({ code: "custom", path: ["dayStarts"], message: "day starts and end must be strictly ascending" });
    }
  });

export const timeLogSummarySchema = z.object({
  days: z.array(z.object({ start: z.string(), seconds: z.number().int(), billableSeconds: z.number().int(), count: z.number().int() })),
  totalSeconds: z.number().int(),
  billableSeconds: z.number().int(),
  count: z.number().int(),
});
