// The organization's failure notices (app-api section 8): listed newest first, marked read one by one.
// Admins only (the procedures say so); every query names the organization.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import type { Actor } from "@/server/services/auth/account";

export const notificationSelect = {
  id: true,
  kind: true,
  endpointId: true,
  endpointUrl: true,
  consecutiveFailures: true,
  reason: true,
  createdAt: true,
  readAt: true,
} as const;

export interface NotificationView {
  id: string;
  kind: "webhook_failing" | "webhook_disabled";
  endpointId: string;
  endpointUrl: string;
  consecutiveFailures: number;
  reason: "consecutive_failures" | "gone" | null;
  createdAt: string;
  readAt: string | null;
}

type NotificationRow = { [K in keyof typeof notificationSelect]: K extends "createdAt" ? Date : K extends "readAt" ? Date | null : K extends "reason" ? string | null : NotificationView[K] };

function serializeNotification(row: NotificationRow): NotificationView {
  return {
    ...row,
    reason: row.reason === "gone" || row.reason === "consecutive_failures" ? row.reason : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function listNotifications(db: DbClient, actor: Actor, input: { limit: number; cursor?: string }): Promise<Page<NotificationView>> {
  const page = await paginate(
    { kind: "notifications", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ where, orderBy, take }) => db.notification.findMany({ where: { AND: [{ organizationId: actor.organizationId }, where] }, orderBy, take, select: notificationSelect }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeNotification), pagination: page.pagination };
}

/** Sets readAt (once: reading it again keeps the first time). */
export async function markNotificationRead(db: DbClient, actor: Actor, input: { id: string }, now = new Date()): Promise<NotificationView> {
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
