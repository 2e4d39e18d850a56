// Failure notice (app-api section 8): the response allowlist, the list and read inputs, the columns a
// notice is read from, and the serializer.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput, timestampSchema } from "@/server/lib/zod";

export const notificationOutput = z.object({
  id: z.string(),
  kind: z.enum(["webhook_failing", "webhook_disabled"]),
  endpointId: z.string(),
  endpointUrl: z.string(),
  consecutiveFailures: z.number().int(),
  reason: z.enum(["consecutive_failures", "gone"]).nullable(),
  createdAt: timestampSchema,
  readAt: timestampSchema.nullable(),
});

export const listNotificationsOutput = z.object({ items: z.array(notificationOutput), pagination: paginationSchema });

export type NotificationView = z.output<typeof notificationOutput>;

export const listNotificationsInput = z.object(paginationInput);
export const notificationIdInput = z.object({ id: idInput });

export type ListNotificationsInput = z.output<typeof listNotificationsInput>;
export type NotificationIdInput = z.output<typeof notificationIdInput>;

export const notificationSelect = {
  id: true,
  kind: true,
  endpointId: true,
  endpointUrl: true,
  consecutiveFailures: true,
  reason: true,
  createdAt: true,
  readAt: true,
} as const satisfies Prisma.NotificationSelect;

type NotificationRow = Prisma.NotificationGetPayload<{ select: typeof notificationSelect }>;

export function serializeNotification(row: NotificationRow): NotificationView {
  return {
    ...row,
    reason: row.reason === "gone" || row.reason === "consecutive_failures" ? row.reason : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
