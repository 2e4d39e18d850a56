import { sessionProcedure } from "@/server/api/procedures";
import { stopTimer } from "@/server/services/time-tracking/timers";
import { timeLogSchema } from "@/server/contract/time-log";
import { stopTimerInput } from "@/server/contract/running-timer";

/** Stops the caller's timer (now, or at the client's `stoppedAt`) and answers the time log it committed. */
export const stopTimerProcedure = sessionProcedure
  .input(stopTimerInput)
  .output(timeLogSchema)
  .mutation(({ ctx, input }) => stopTimer(ctx.db, ctx.actor, input ?? {}));
