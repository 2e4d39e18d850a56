import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { discardTimer } from "@/server/services/time-tracking/timers";

/** Throws the caller's running timer away: no log, no event; no timer is a 409. */
export const discardTimerProcedure = sessionProcedure.output(z.object({ success: z.literal(true) })).mutation(({ ctx }) => discardTimer(ctx.db, ctx.actor));
