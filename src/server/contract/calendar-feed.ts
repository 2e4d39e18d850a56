// Calendar feed (app-api section 4): the signed-in user's secret feed URL.
import { z } from "zod";

export const calendarFeedSchema = z.object({ url: z.string() });
export const revokedCalendarFeedSchema = z.object({ success: z.literal(true) });

export type CalendarFeedView = z.output<typeof calendarFeedSchema>;
