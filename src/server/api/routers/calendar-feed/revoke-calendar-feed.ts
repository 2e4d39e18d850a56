import { sessionProcedure } from "@/server/api/procedures";
import { revokeCalendarFeed } from "@/server/services/calendar/calendar-feed";
import { revokedCalendarFeedSchema } from "@/server/contract/calendar-feed";

/** Ends the user's feed URL. */
export const revokeCalendarFeedProcedure = sessionProcedure
  .output(revokedCalendarFeedSchema)
  .mutation(({ ctx }) => revokeCalendarFeed(ctx.db, ctx.actor));
