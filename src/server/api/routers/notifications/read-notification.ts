import { adminProcedure } from "@/server/api/procedures";
import { markNotificationRead } from "@/server/services/notifications/notifications";
import { notificationIdInput, notificationOutput } from "@/server/contract/notification";

/** Marks one notice read; answers it with readAt. */
export const readNotificationProcedure = adminProcedure
  .input(notificationIdInput)
  .output(notificationOutput)
  .mutation(({ ctx, input }) => markNotificationRead(ctx.db, ctx.actor, input));
