import { sessionProcedure } from "@/server/api/procedures";
import { summarizeTimeLogs } from "@/server/services/time-tracking/app-list";
import { summarizeTimeLogsInput, timeLogSummarySchema } from "@/server/contract/time-log";

/** Totals per day and for the range, under the same filters as the list. */
export const summarizeTimeLogsProcedure = sessionProcedure
  .input(summarizeTimeLogsInput)
  .output(timeLogSummarySchema)
  .query(({ ctx, input }) => summarizeTimeLogs(ctx.db, ctx.actor, { ...input, dayStarts: input.dayStarts.map((value) => new Date(value)), end: new Date(input.end) }));
