// Webhook delivery record as the delivery log shows it (contract section 2.6), plus the endpoint it
// belongs to and when a pending delivery is next due. Lease and organization columns stay inside.
import type { DeliveryStatus } from "@/generated/prisma/enums";

export interface WebhookDeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
}

/** The row with its timestamps as ISO strings; `nextAttemptAt` is null once the delivery is terminal. */
export type WebhookDeliveryView = Omit<WebhookDeliveryRow, "nextAttemptAt" | "lastAttemptAt" | "completedAt" | "createdAt"> & {
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  completedAt: string | null;
  createdAt: string;
};

/** Columns to select for `serializeWebhookDelivery`; nothing else is read. */
export const webhookDeliverySelect = {
  id: true,
  endpointId: true,
  eventId: true,
  eventType: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  lastAttemptAt: true,
  completedAt: true,
  createdAt: true,
} as const;

export function serializeWebhookDelivery(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
