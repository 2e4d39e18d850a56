import { sessionProcedure } from "@/server/api/procedures";
import { updateTimer } from "@/server/services/time-tracking/timers";
import { runningTimerSchema, updateTimerInput } from "@/server/contract/running-timer";

/** Changes the caller's running timer (its start included); no timer is a 409. */
export const updateTimerProcedure = sessionProcedure
  .input(updateTimerInput)
  .output(runningTimerSchema)
  .mutation(({ ctx, input }) => updateTimer(ctx.db, ctx.actor, input));
