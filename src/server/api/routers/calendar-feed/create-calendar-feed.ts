import { sessionProcedure } from "@/server/api/procedures";
import { createCalendarFeed } from "@/server/services/calendar/calendar-feed";
import { calendarFeedSchema } from "@/server/contract/calendar-feed";

/** Creates (or regenerates) the user's secret feed URL; an earlier URL stops working. */
export const createCalendarFeedProcedure = sessionProcedure
  .output(calendarFeedSchema)
  .mutation(({ ctx }) => createCalendarFeed(ctx.db, ctx.actor, ctx.origin));
