// The organization's failure notices (app-api section 8): listed newest first, marked read one by one.
// Admins only (the procedures say so); every query names the organization.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import type { Actor } from "@/server/services/auth/account";
import { notificationSelect, serializeNotification, type ListNotificationsInput, type NotificationIdInput, type NotificationView } from "@/server/contract/notification";

export async function listNotifications(db: DbClient, actor: Actor, input: ListNotificationsInput): Promise<Page<NotificationView>> {
  const page = await paginate(
    { kind: "notifications", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ where, orderBy, take }) => db.notification.findMany({ where: { AND: [{ organizationId: actor.organizationId }, where] }, orderBy, take, select: notificationSelect }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeNotification), pagination: page.pagination };
}

/** Sets readAt (once: reading it again keeps the first time). */
export async function markNotificationRead(db: DbClient, actor: Actor, input: NotificationIdInput, now = new Date()): Promise<NotificationView> {
  const where = { id: input.id, organizationId: actor.organizationId };
  await db.notification.updateMany({ where: { ...where, readAt: null }, data: { readAt: now } });
  const row = await db.notification.findFirst({ where, select: notificationSelect });
  if (!row) throw notFound("Notification");
  return serializeNotification(row);
}

/** The web app's badge: unread notices of the organization. */
export async function countUnreadNotifications(db: DbClient, actor: Actor): Promise<{ unread: number }> {
  return { unread: await db.notification.count({ where: { organizationId: actor.organizationId, readAt: null } }) };
}
