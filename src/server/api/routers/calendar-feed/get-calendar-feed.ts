import { sessionProcedure } from "@/server/api/procedures";
import { getCalendarFeed } from "@/server/services/calendar/calendar-feed";
import { calendarFeedSchema } from "@/server/contract/calendar-feed";

/** The signed-in user's feed URL, or null. Free on every plan. */
export const getCalendarFeedProcedure = sessionProcedure
  .output(calendarFeedSchema.nullable())
  .query(({ ctx }) => getCalendarFeed(ctx.db, ctx.actor, ctx.origin));
