// Notices (app-api sections 8 and 16): a webhook endpoint failing or disabled, a project's budget
// reaching a threshold. The response allowlist, the list and read inputs, the columns a
// notice is read from, and the serializer.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput, timestampSchema } from "@/server/lib/zod";

export const notificationOutput = z.object({
  id: z.string(),
  kind: z.enum(["webhook_failing", "webhook_disabled", "budget_threshold"]),
  /** Webhook notices; null on a budget notice. */
  endpointId: z.string().nullable(),
  endpointUrl: z.string().nullable(),
  consecutiveFailures: z.number().int().nullable(),
  reason: z.enum(["consecutive_failures", "gone"]).nullable(),
  /** Budget notices: the project, its period (`total` or `YYYY-MM`) and the percentage of the budget reached; null on a webhook notice. */
  constellationId: z.string().nullable(),
  budgetPeriod: z.string().nullable(),
  thresholdPercent: z.number().int().nullable(),
  createdAt: timestampSchema,
  readAt: timestampSchema.nullable(),
});

export const listNotificationsOutput = z.object({ items: z.array(notificationOutput), pagination: paginationSchema });

export type NotificationView = z.output<typeof notificationOutput>;

export const listNotificationsInput = z.object(paginationInput("notifications"));
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
  constellationId: true,
  budgetPeriodKey: true,
  thresholdPercent: true,
  createdAt: true,
  readAt: true,
} as const satisfies Prisma.NotificationSelect;

type NotificationRow = Prisma.NotificationGetPayload<{ select: typeof notificationSelect }>;

export function serializeNotification(row: NotificationRow): NotificationView {
  const { budgetPeriodKey, ...rest } = row;
  return {
    ...rest,
    budgetPeriod: budgetPeriodKey,
    reason: row.reason === "gone" || row.reason === "consecutive_failures" ? row.reason : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
