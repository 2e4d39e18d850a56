import { sessionProcedure } from "@/server/api/procedures";
import { requestOrigin } from "@/server/http/request-origin";
import { createCalendarFeed } from "@/server/services/calendar/calendar-feed";
import { calendarFeedSchema } from "./calendar-feed.schema";

/** Creates (or regenerates) the user's secret feed URL; an earlier URL stops working. */
export const createCalendarFeedProcedure = sessionProcedure
  .output(calendarFeedSchema)
  .mutation(({ ctx }) => createCalendarFeed(ctx.db, ctx.actor, requestOrigin(ctx)));
