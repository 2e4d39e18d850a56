import { z } from "zod";
import { adminProcedure } from "@/server/api/procedures";
import { countUnreadNotifications } from "@/server/services/notifications/notifications";

/** The web app's badge: how many notices are unread. */
export const countUnreadNotificationsProcedure = adminProcedure.output(z.object({ unread: z.number().int() })).query(({ ctx }) => countUnreadNotifications(ctx.db, ctx.actor));
