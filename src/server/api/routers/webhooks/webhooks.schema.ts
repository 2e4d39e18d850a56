import { z } from "zod";
import { getEnv } from "@/env";
import { paginationInput } from "@/server/lib/cursor";
import { EVENT_TYPES, type EventType } from "@/server/webhooks/events";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH } from "@/server/lib/limits";
import { idInput, isoInstant, jsonBoolean, uncoerced } from "@/server/lib/zod";
import { registrableUrlProblem } from "@/server/webhooks/url-guard";

const endpointId = idInput;

/** The network-free URL rules run here, so one response lists every invalid field; DNS runs in the service. */
const urlInput = z
  .string()
  .trim()
  .min(1, "is required")
  .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .superRefine((value, ctx) => {
    const problem = registrableUrlProblem(value, { appEnv: getEnv().appEnv });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Blank clears, like null. */
const descriptionInput = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_DESCRIPTION_LENGTH, `must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`)
  .nullable()
  .transform((value) => value || null);

const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

/** Non-empty, catalog types only, duplicates removed (order of first appearance kept). */
const eventTypesInput = z
  .array(z.string(), "must be an array of event types")
  .min(1, "must contain at least one event type")
  .max(100, "must contain at most 100 entries")
  .superRefine((values, ctx) => {
    const unknown = [...new Set(values.filter((value) => !isEventType(value)))];
    if (unknown.length) {
      ctx.addIssue({ code: "custom", message: `unknown event type ${unknown.map((value) => `"${value}"`).join(", ")}; allowed: ${EVENT_TYPES.join(", ")}` });
    }
  })
  .transform((values) => [...new Set(values.filter(isEventType))]);

/** Attempts per second the workers together send to the endpoint (app-api section 8). */
export const MIN_REQUESTS_PER_SECOND = 1;
export const MAX_REQUESTS_PER_SECOND = 1000;

const maxRequestsPerSecondInput = uncoerced(
  z
    .number("must be an integer")
    .int("must be an integer")
    .min(MIN_REQUESTS_PER_SECOND, `must be at least ${MIN_REQUESTS_PER_SECOND}`)
    .max(MAX_REQUESTS_PER_SECOND, `must be at most ${MAX_REQUESTS_PER_SECOND}`),
);

export const createWebhookEndpointInput = z.object({
  url: urlInput,
  description: descriptionInput.optional(),
  eventTypes: eventTypesInput,
  maxRequestsPerSecond: maxRequestsPerSecondInput.optional(),
});

export const updateWebhookEndpointInput = z.object({
  id: endpointId,
  url: urlInput.optional(),
  description: descriptionInput.optional(),
  eventTypes: eventTypesInput.optional(),
  isActive: jsonBoolean().optional(),
  maxRequestsPerSecond: maxRequestsPerSecondInput.optional(),
});

export const webhookEndpointIdInput = z.object({ id: endpointId });

const deliveryStatusSchema = z.enum(["pending", "success", "failed"], { error: "must be pending, success or failed" });

export const listWebhookDeliveriesInput = z.object({ id: endpointId, status: deliveryStatusSchema.optional(), ...paginationInput });

const timestamp = z.string();

export const webhookEndpointOutput = z.object({
  id: z.string(),
  organizationId: z.string(),
  url: z.string(),
  secret: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()),
  isActive: z.boolean(),
  consecutiveFailures: z.number().int(),
  maxRequestsPerSecond: z.number().int(),
  disabledAt: timestamp.nullable(),
  createdAt: timestamp,
});

export const deleteWebhookEndpointOutput = z.object({ success: z.literal(true), id: z.string() });

export const webhookDeliveryOutput = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: timestamp.nullable(),
  nextAttemptAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  createdAt: timestamp,
});

export const listWebhookDeliveriesOutput = z.object({
  items: z.array(webhookDeliveryOutput),
  pagination: z.object({ hasMore: z.boolean(), cursor: z.string().optional() }),
});

const deliveryCounts = z.object({ success: z.number().int(), failed: z.number().int() });

/** GET /api/app/webhooks/:id: the endpoint, why it is not active, and its last 24 hours. */
export const webhookEndpointDetailOutput = webhookEndpointOutput.extend({
  disabledReason: z.enum(["manual", "consecutive_failures", "gone"]).nullable(),
  previousSecretExpiresAt: timestamp.nullable(),
  stats: z.object({ last24h: deliveryCounts.extend({ attempts: z.number().int() }) }),
});

/** A resent delivery or a test event's new one: the delivery shape with `isTest`. */
export const webhookOperationDeliveryOutput = webhookDeliveryOutput.extend({ isTest: z.boolean() });

export const recoverWebhookDeliveriesInput = z.object({
  id: endpointId,
  since: isoInstant().meta({ description: "ISO 8601 instant, not in the future, at most 14 days ago" }),
});

/** POST /api/app/webhooks/:id/rotate-secret: the endpoint with its new secret and until when the old one still signs. */
export const rotatedWebhookEndpointOutput = webhookEndpointOutput.extend({ previousSecretExpiresAt: timestamp.nullable() });

export const rotateWebhookSecretInput = z.object({
  id: endpointId,
  overlapSeconds: uncoerced(z.number("must be an integer").int("must be an integer").min(0, "must be between 0 and 86400").max(86_400, "must be between 0 and 86400")).optional(),
});

export const sendTestEventInput = z.object({
  id: endpointId,
  eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }),
});

/** The console's endpoint row: the endpoint, why it is not active, and its last 24 hours. */
export const webhookEndpointOverviewOutput = webhookEndpointOutput.extend({
  disabledReason: z.enum(["manual", "consecutive_failures", "gone"]).nullable(),
  last24h: deliveryCounts,
});

export const webhookDeliveryIdInput = z.object({ id: endpointId, deliveryId: idInput });

const attemptOutput = z.object({
  id: z.string(),
  number: z.number().int(),
  trigger: z.enum(["scheduled", "manual"]),
  startedAt: timestamp,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});

/** GET /api/app/webhooks/:id/deliveries/:deliveryId: the delivery with its event, every attempt and the headers it carries. */
export const webhookDeliveryDetailOutput = webhookDeliveryOutput.extend({
  isTest: z.boolean(),
  attempts: z.array(attemptOutput),
  endpointUrl: z.string(),
  event: z.object({ id: z.string(), type: z.string(), createdAt: timestamp, data: z.unknown() }),
  requestHeaders: z.array(z.object({ name: z.string(), value: z.string() })),
});
