// Webhook delivery (contract section 2.6, app-api section 8): the delivery log's allowlist, a resent
// or test delivery, one delivery with its event, attempts and headers, the delivery operations'
// inputs, the columns a response is read from, and the serializers. Lease and organization columns
// stay inside.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput, isoInstant, timestampSchema } from "@/server/lib/zod";
import { EVENT_TYPES } from "@/server/webhooks/events";
import { endpointId } from "./webhook-endpoint";

const DELIVERY_STATUSES = ["pending", "success", "failed"] as const;
const deliveryStatusSchema = z.enum(DELIVERY_STATUSES, { error: "must be pending, success or failed" });
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One status or several, comma-separated (`failed,pending`): the console's filter. */
const deliveryStatusesInput = z.string().transform((value, context) => {
  const statuses = [...new Set(value.split(",").map((status) => status.trim()).filter(Boolean))];
  if (!statuses.length || statuses.some((status) => !(DELIVERY_STATUSES as readonly string[]).includes(status))) {
    // The single-status wording of the contract; several statuses are comma-separated.
    context.addIssue({ code: "custom", message: "must be pending, success or failed" });
    return z.NEVER;
  }
  return statuses as DeliveryStatus[];
});

/** An event id or a delivery id, matched exactly (the console's search box). */
const deliverySearchInput = z.string().trim().max(100, "must be at most 100 characters").optional().transform((value) => value || undefined);

// ---- Responses ----

/** `nextAttemptAt` is null once the delivery is terminal. */
export const webhookDeliveryOutput = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: timestampSchema.nullable(),
  nextAttemptAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});

/** The delivery shape with `isTest` (a test event's delivery): the log's rows, a resent delivery, a test event's new one. */
export const webhookOperationDeliveryOutput = webhookDeliveryOutput.extend({ isTest: z.boolean() });

export const listWebhookDeliveriesOutput = z.object({ items: z.array(webhookOperationDeliveryOutput), pagination: paginationSchema });

export const webhookAttemptOutput = z.object({
  id: z.string(),
  number: z.number().int(),
  trigger: z.enum(["scheduled", "manual"]),
  startedAt: timestampSchema,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  /** The headers the attempt was sent with (signatures included) and the answer's; null when not sent or not answered. */
  requestHeaders: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
  responseHeaders: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
});

/** GET /api/app/webhooks/:id/deliveries/:deliveryId: the delivery with its event, every attempt and the headers it carries. */
export const webhookDeliveryDetailOutput = webhookDeliveryOutput.extend({
  isTest: z.boolean(),
  /** Every attempt, oldest first (manual ones included). */
  attempts: z.array(webhookAttemptOutput),
  endpointUrl: z.string(),
  event: z.object({ id: z.string(), type: z.string(), createdAt: timestampSchema, data: z.unknown() }),
  requestHeaders: z.array(z.object({ name: z.string(), value: z.string() })),
});

export type WebhookDeliveryView = z.output<typeof webhookDeliveryOutput>;
export type OperationDeliveryView = z.output<typeof webhookOperationDeliveryOutput>;
export type AttemptView = z.output<typeof webhookAttemptOutput>;
export type DeliveryDetail = z.output<typeof webhookDeliveryDetailOutput>;

// ---- Inputs ----

export const listWebhookDeliveriesInput = z.object({
  id: endpointId,
  status: deliveryStatusesInput.optional(),
  eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }).optional(),
  search: deliverySearchInput,
  ...paginationInput("webhook-deliveries"),
});

/** Webhooks → Events: the organization's events with where each went. */
export const listWebhookEventsInput = z.object({
  type: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }).optional(),
  /** Events with at least one delivery in one of these statuses. */
  status: deliveryStatusesInput.optional(),
  search: deliverySearchInput,
  ...paginationInput("events"),
});

export const webhookEventRowOutput = z.object({
  id: z.string(),
  type: z.string(),
  createdAt: timestampSchema,
  isTest: z.boolean(),
  deliveries: z.array(
    z.object({
      id: z.string(),
      endpointId: z.string(),
      endpointUrl: z.string(),
      status: deliveryStatusSchema,
      attempts: z.number().int(),
      lastStatusCode: z.number().int().nullable(),
      lastAttemptAt: timestampSchema.nullable(),
    }),
  ),
});
export const listWebhookEventsOutput = z.object({ items: z.array(webhookEventRowOutput), pagination: paginationSchema });
export type ListWebhookEventsInput = z.output<typeof listWebhookEventsInput>;
export type WebhookEventRow = z.output<typeof webhookEventRowOutput>;

export const webhookDeliveryIdInput = z.object({ id: endpointId, deliveryId: idInput });

export const recoverWebhookDeliveriesInput = z.object({
  id: endpointId,
  since: isoInstant().meta({ description: "ISO 8601 instant, not in the future, at most 14 days ago" }),
});

export const sendTestEventInput = z.object({
  id: endpointId,
  eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }),
});

export type ListDeliveriesInput = z.output<typeof listWebhookDeliveriesInput>;
export type DeliveryIdInput = z.output<typeof webhookDeliveryIdInput>;
export type RecoverDeliveriesInput = z.output<typeof recoverWebhookDeliveriesInput>;
export type SendTestEventInput = z.output<typeof sendTestEventInput>;

// ---- Columns and serializers ----

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
} as const satisfies Prisma.WebhookDeliverySelect;

export const webhookOperationDeliverySelect = { ...webhookDeliverySelect, isTest: true } as const satisfies Prisma.WebhookDeliverySelect;

export const webhookAttemptSelect = {
  id: true,
  number: true,
  trigger: true,
  startedAt: true,
  durationMs: true,
  statusCode: true,
  responseBody: true,
  error: true,
  requestHeaders: true,
  responseHeaders: true,
} as const satisfies Prisma.WebhookAttemptSelect;

export type WebhookDeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof webhookDeliverySelect }>;
type OperationDeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof webhookOperationDeliverySelect }>;
type AttemptRow = Prisma.WebhookAttemptGetPayload<{ select: typeof webhookAttemptSelect }>;

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

export function serializeOperationDelivery({ isTest, ...row }: OperationDeliveryRow): OperationDeliveryView {
  return { ...serializeWebhookDelivery(row), isTest };
}

const headerList = (pairs: unknown) => (Array.isArray(pairs) ? (pairs as [string, string][]).map(([name, value]) => ({ name, value })) : null);

export function serializeAttempt(attempt: AttemptRow): AttemptView {
  return { ...attempt, startedAt: attempt.startedAt.toISOString(), requestHeaders: headerList(attempt.requestHeaders), responseHeaders: headerList(attempt.responseHeaders) };
}
