// Webhook endpoint (contract section 2.5, app-api section 8): the in-app response allowlists (the
// endpoint, the console's row and page, a rotation's answer), the management inputs, the columns a
// response is read from, and the serializer.
import { z } from "zod";
import { getEnv } from "@/env";
import type { Prisma } from "@/generated/prisma/client";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH } from "@/lib/limits";
import { idInput, jsonBoolean, timestampSchema, uncoerced } from "@/server/lib/zod";
import { EVENT_TYPES, type EventType } from "@/server/webhooks/events";
import { registrableUrlProblem } from "@/server/webhooks/url-guard";

// ---- Responses ----

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
  /**
   * Only on an endpoint that also signs with Ed25519 (app-api section 13): `ed25519`, and the public key
   * (`whpk_` + base64 of its raw 32 bytes). An HMAC-only endpoint keeps the contract's shape exactly.
   */
  signing: z.literal("ed25519").optional(),
  publicKey: z.string().optional(),
  disabledAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});

export const deleteWebhookEndpointOutput = z.object({ success: z.literal(true), id: z.string() });

/** manual: paused by an admin; consecutive_failures or gone (a 410): disabled by the delivery engine. */
export const disabledReasonSchema = z.enum(["manual", "consecutive_failures", "gone"]);

const deliveryCounts = z.object({ success: z.number().int(), failed: z.number().int() });

export const endpointHealthStates = ["healthy", "failing", "disabled", "paused"] as const;
export type EndpointHealthState = (typeof endpointHealthStates)[number];

/**
 * One truthful health per endpoint (app-api sections 13 and 17), decided by `healthState` in
 * services/webhooks/health.ts: `healthy`, `failing` (the latest attempt failed, or deliveries ran out
 * of attempts since the last success), `disabled` (by the delivery engine), `paused` (by an admin, or
 * a plan without webhooks). The 24-hour figures come from the same rows: the attempts made in the
 * period and the deliveries they were for. Test deliveries are left out.
 */
export const endpointHealthSchema = z.object({
  state: z.enum(endpointHealthStates),
  /** The contract's count of consecutive deliveries that failed after all their attempts. */
  consecutiveFailures: z.number().int(),
  attempts24h: z.number().int(),
  failedAttempts24h: z.number().int(),
  /** The deliveries attempted in the last 24 hours, by where each stands now. */
  deliveries24h: z.object({ succeeded: z.number().int(), failed: z.number().int(), retrying: z.number().int() }),
  /** Failed attempts ÷ attempts over 24 hours; null without attempts. */
  errorRate24h: z.number().nullable(),
  successRate24h: z.number().nullable(),
  successRate7d: z.number().nullable(),
  lastAttemptAt: timestampSchema.nullable(),
  /** Whether the latest attempt got a 2xx; null when no attempt is kept. */
  lastAttemptSucceeded: z.boolean().nullable(),
  /** The soonest scheduled retry of a delivery that has failed before. */
  nextRetryAt: timestampSchema.nullable(),
});
export type EndpointHealth = z.output<typeof endpointHealthSchema>;

/** Attempts per hour by outcome over the last 24 hours, oldest hour first (the console's chart). */
export const attemptsPerHourSchema = z.array(z.object({ hour: timestampSchema, success: z.number().int(), failed: z.number().int() }));
export type AttemptsPerHour = z.output<typeof attemptsPerHourSchema>;

/** The console's endpoint row: the endpoint, why it is not active, its last 24 hours and its health. */
export const webhookEndpointOverviewOutput = webhookEndpointOutput.extend({
  disabledReason: disabledReasonSchema.nullable(),
  last24h: deliveryCounts,
  health: endpointHealthSchema,
});

/**
 * The console's endpoint page (polled while open): the endpoint without its secret, why it is not
 * active, and its last 24 hours. The secret is read on its own, when someone reveals or copies it.
 */
export const webhookEndpointDetailOutput = webhookEndpointOutput.omit({ secret: true }).extend({
  disabledReason: disabledReasonSchema.nullable(),
  /** After a rotation, until when attempts are also signed with the previous secret (null: not at all). */
  previousSecretExpiresAt: timestampSchema.nullable(),
  /** Deliveries attempted and finished in the last 24 hours by status, and attempts made: the health's figures. */
  stats: z.object({ last24h: deliveryCounts.extend({ attempts: z.number().int() }) }),
  health: endpointHealthSchema,
  attemptsPerHour: attemptsPerHourSchema,
});

/** An endpoint's signing secret, for the console's Reveal and Copy. */
export const webhookEndpointSecretOutput = z.object({ id: z.string(), secret: z.string() });

/** POST /api/app/webhooks/:id/rotate-secret: the endpoint with its new secret and until when the old one still signs. */
export const rotatedWebhookEndpointOutput = webhookEndpointOutput.extend({ previousSecretExpiresAt: timestampSchema.nullable() });

export type WebhookEndpointView = z.output<typeof webhookEndpointOutput>;
export type DisabledReason = z.output<typeof disabledReasonSchema>;
export type EndpointOverview = z.output<typeof webhookEndpointOverviewOutput>;
export type EndpointDetail = z.output<typeof webhookEndpointDetailOutput>;
export type EndpointSecret = z.output<typeof webhookEndpointSecretOutput>;
export type RotatedEndpoint = z.output<typeof rotatedWebhookEndpointOutput>;

// ---- Inputs ----

/** The endpoint's id in a path. */
export const endpointId = idInput;

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

/** `ed25519` adds an asymmetric signature a receiver verifies with the public key alone (app-api section 13). */
const signingInput = z.enum(["hmac", "ed25519"], "must be hmac or ed25519");

export const createWebhookEndpointInput = z.object({
  url: urlInput,
  description: descriptionInput.optional(),
  eventTypes: eventTypesInput,
  maxRequestsPerSecond: maxRequestsPerSecondInput.optional(),
  signing: signingInput.optional(),
});

export const updateWebhookEndpointInput = z.object({
  id: endpointId,
  url: urlInput.optional(),
  description: descriptionInput.optional(),
  eventTypes: eventTypesInput.optional(),
  isActive: jsonBoolean().optional(),
  maxRequestsPerSecond: maxRequestsPerSecondInput.optional(),
  signing: signingInput.optional(),
});

export const webhookEndpointIdInput = z.object({ id: endpointId });

export const rotateWebhookSecretInput = z.object({
  id: endpointId,
  overlapSeconds: uncoerced(z.number("must be an integer").int("must be an integer").min(0, "must be between 0 and 86400").max(86_400, "must be between 0 and 86400")).optional(),
});

export type CreateEndpointInput = z.output<typeof createWebhookEndpointInput>;
export type UpdateEndpointInput = z.output<typeof updateWebhookEndpointInput>;
export type EndpointIdInput = z.output<typeof webhookEndpointIdInput>;
export type RotateSecretInput = z.output<typeof rotateWebhookSecretInput>;

// ---- Columns and serializer ----

/** Columns to select for `serializeWebhookEndpoint`; nothing else is read. */
export const webhookEndpointSelect = {
  id: true,
  organizationId: true,
  url: true,
  secret: true,
  description: true,
  eventTypes: true,
  isActive: true,
  consecutiveFailures: true,
  maxRequestsPerSecond: true,
  signing: true,
  publicKey: true,
  disabledAt: true,
  createdAt: true,
} as const satisfies Prisma.WebhookEndpointSelect;

export type WebhookEndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof webhookEndpointSelect }>;

export function serializeWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    secret: row.secret,
    description: row.description,
    eventTypes: [...row.eventTypes],
    isActive: row.isActive,
    consecutiveFailures: row.consecutiveFailures,
    maxRequestsPerSecond: row.maxRequestsPerSecond,
    ...(row.signing === "ed25519" && row.publicKey ? { signing: "ed25519" as const, publicKey: row.publicKey } : {}),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
