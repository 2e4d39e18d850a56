import { sessionProcedure } from "@/server/api/procedures";
import { continueTimeLog } from "@/server/services/time-tracking/timers";
import { timeLogIdInput } from "@/server/contract/time-log";
import { runningTimerSchema } from "@/server/contract/running-timer";

/** Starts a timer now with a log's description, task, customer, project, tags and billable flag. */
export const continueTimeLogProcedure = sessionProcedure
  .input(timeLogIdInput)
  .output(runningTimerSchema)
  .mutation(({ ctx, input }) => continueTimeLog(ctx.db, ctx.actor, input.id));
