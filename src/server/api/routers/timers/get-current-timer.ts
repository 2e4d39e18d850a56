import { sessionProcedure } from "@/server/api/procedures";
import { getCurrentTimer } from "@/server/services/time-tracking/timers";
import { runningTimerSchema } from "@/server/contract/running-timer";

/** The caller's running timer, or null. */
export const getCurrentTimerProcedure = sessionProcedure
  .output(runningTimerSchema.nullable())
  .query(({ ctx }) => getCurrentTimer(ctx.db, ctx.actor));
