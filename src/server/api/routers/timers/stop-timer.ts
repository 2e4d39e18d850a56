import { sessionProcedure } from "@/server/api/procedures";
import { stopTimer } from "@/server/services/time-tracking/timers";
import { timeLogSchema } from "@/server/contract/time-log";

/** Stops the caller's timer and answers the time log it committed. */
export const stopTimerProcedure = sessionProcedure.output(timeLogSchema).mutation(({ ctx }) => stopTimer(ctx.db, ctx.actor));
