import { createRouter } from "@/server/api/trpc";
import { createCalendarFeedProcedure } from "./create-calendar-feed";
import { getCalendarFeedProcedure } from "./get-calendar-feed";
import { revokeCalendarFeedProcedure } from "./revoke-calendar-feed";

export const calendarFeedRouter = createRouter({
  get: getCalendarFeedProcedure,
  create: createCalendarFeedProcedure,
  revoke: revokeCalendarFeedProcedure,
});
