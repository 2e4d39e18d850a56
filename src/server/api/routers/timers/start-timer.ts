import { sessionProcedure } from "@/server/api/procedures";
import { startTimer } from "@/server/services/time-tracking/timers";
import { runningTimerSchema, startTimerInput } from "@/server/contract/running-timer";

/** Starts the caller's timer; one runs per user at a time. */
export const startTimerProcedure = sessionProcedure
  .input(startTimerInput)
  .output(runningTimerSchema)
  .mutation(({ ctx, input }) => startTimer(ctx.db, ctx.actor, input));
