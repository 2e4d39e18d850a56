import { z } from "zod";

export const calendarFeedSchema = z.object({ url: z.string() });
export const revokedCalendarFeedSchema = z.object({ success: z.literal(true) });
