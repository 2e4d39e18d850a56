import { adminProcedure } from "@/server/api/procedures";
import { listNotifications } from "@/server/services/notifications/notifications";
import { listNotificationsInput, listNotificationsOutput } from "@/server/contract/notification";

/** The organization's notices, newest first, keyset-paginated. */
export const listNotificationsProcedure = adminProcedure
  .input(listNotificationsInput)
  .output(listNotificationsOutput)
  .query(({ ctx, input }) => listNotifications(ctx.db, ctx.actor, input));
