// Failure notices of the organization's webhook endpoints (app-api section 8), for admins.
import { createRouter } from "@/server/api/trpc";
import { countUnreadNotificationsProcedure } from "./count-unread-notifications";
import { listNotificationsProcedure } from "./list-notifications";
import { readNotificationProcedure } from "./read-notification";

export const notificationsRouter = createRouter({
  list: listNotificationsProcedure,
  read: readNotificationProcedure,
  unreadCount: countUnreadNotificationsProcedure,
});
