// What the webhooks console shows beyond the management routes (app-api section 8): each endpoint's
// health (services/webhooks/health.ts) and why it is not active, and one delivery with its event body,
// the request headers it is sent with and every attempt.
import type { Db } from "@/server/db";
import { notFound } from "@/server/errors";
import { serializeAttempt, serializeWebhookDelivery, webhookAttemptSelect, webhookDeliverySelect, type DeliveryDetail, type DeliveryIdInput } from "@/server/contract/webhook-delivery";
import type { Plan } from "@/generated/prisma/enums";
import { planGrants } from "@/server/auth/plans";
import type { Actor } from "@/server/services/auth/account";
import {
  serializeWebhookEndpoint,
  webhookEndpointSelect,
  type DisabledReason,
  type EndpointHealth,
  type EndpointDetail,
  type EndpointIdInput,
  type EndpointOverview,
  type EndpointSecret,
} from "@/server/contract/webhook-endpoint";
import { attemptsPerHour, endpointHealth } from "@/server/services/webhooks/health";
import { deliveryHeaders } from "@/server/webhooks/send";

/**
 * Why an endpoint is not active, as it was stored when it was disabled (by the statement that also
 * writes the failure notice, or by an admin's PATCH): the notice and the console read the same reason.
 */
function disabledReasonOf(isActive: boolean, stored: string | null): DisabledReason | null {
  if (isActive) return null;
  return stored === "gone" || stored === "consecutive_failures" ? stored : "manual";
}

/** Whose webhooks a console read is for: the organization, and whether its plan sends webhooks. */
type ConsoleActor = Actor & { plan: Plan };

const isPlanPaused = (actor: ConsoleActor) => !planGrants(actor.plan, "customIntegrations");

/** The figures of the last 24 hours the contract's shapes carry, read off the health (one source). */
const deliveriesOf = (health: EndpointHealth) => ({ success: health.deliveries24h.succeeded, failed: health.deliveries24h.failed });

/** Every endpoint (at most 20) with why it is not active and its health: two statements. */
export async function listEndpointOverviews(db: Db, actor: ConsoleActor, now = new Date()): Promise<EndpointOverview[]> {
  // The endpoints with the reason each was disabled for, read with them (at most 20, newest first).
  const rows = await db.webhookEndpoint.findMany({
    where: { organizationId: actor.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { ...webhookEndpointSelect, disabledReason: true },
  });
  const endpoints = rows.map(({ disabledReason, ...row }) => {
    const view = serializeWebhookEndpoint(row);
    return { ...view, disabledReason: disabledReasonOf(view.isActive, disabledReason) };
  });
  const health = await endpointHealth(db, actor.organizationId, endpoints, { isPlanPaused: isPlanPaused(actor), now });
  return endpoints.map((endpoint) => {
    const of = health.get(endpoint.id)!;
    return { ...endpoint, last24h: deliveriesOf(of), health: of };
  });
}

/** One endpoint with its health and its attempts per hour. */
export async function getEndpointDetail(db: Db, actor: ConsoleActor, input: EndpointIdInput, now = new Date()): Promise<EndpointDetail> {
  const [endpoint, hourly] = await Promise.all([
    db.webhookEndpoint.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { ...webhookEndpointSelect, previousSecretExpiresAt: true, disabledReason: true } }),
    attemptsPerHour(db, actor.organizationId, input.id, now),
  ]);
  if (!endpoint) throw notFound("Webhook endpoint");
  const { previousSecretExpiresAt, disabledReason, ...row } = endpoint;
  const { secret: _secret, ...view } = serializeWebhookEndpoint(row);
  const subject = { ...view, disabledReason: disabledReasonOf(view.isActive, disabledReason) };
  const health = (await endpointHealth(db, actor.organizationId, [subject], { isPlanPaused: isPlanPaused(actor), now })).get(view.id)!;
  // An overlap that has ended is reported as none.
  const overlapEnd = previousSecretExpiresAt && previousSecretExpiresAt > now ? previousSecretExpiresAt.toISOString() : null;
  return {
    ...subject,
    previousSecretExpiresAt: overlapEnd,
    stats: { last24h: { ...deliveriesOf(health), attempts: health.attempts24h } },
    health,
    attemptsPerHour: hourly,
  };
}

/** One endpoint's signing secret; an endpoint of another organization is 404. */
export async function getEndpointSecret(db: Db, actor: Actor, input: EndpointIdInput): Promise<EndpointSecret> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { id: true, secret: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  return endpoint;
}

/** The signature differs at every attempt (its `t` is the attempt's time), so the page describes it. */
const SIGNATURE_DESCRIPTION = {
  timestamp: "<unix time of the attempt>",
  signature: "t=<unix time of the attempt>,v1=<hex HMAC-SHA256 of t.body with the endpoint secret>",
  standardSignature: "v1,<base64 HMAC-SHA256 of id.t.body keyed with the secret after whsec_, base64-decoded>",
};

/** One delivery of one of the organization's endpoints; any other id pair is 404. */
export async function getDeliveryDetail(db: Db, actor: Actor, input: DeliveryIdInput): Promise<DeliveryDetail> {
  const row = await db.webhookDelivery.findFirst({
    where: { id: input.deliveryId, endpointId: input.id, organizationId: actor.organizationId },
    select: {
      ...webhookDeliverySelect,
      isTest: true,
      endpoint: { select: { url: true } },
      event: { select: { id: true, type: true, createdAt: true, payload: true } },
      attemptLog: {
        orderBy: { number: "asc" },
        select: webhookAttemptSelect,
      },
    },
  });
  if (!row) throw notFound("Webhook delivery");
  const { endpoint, event, attemptLog, isTest, ...delivery } = row;
  const body = Buffer.from(event.payload, "utf8");
  const headers = deliveryHeaders({ deliveryId: delivery.id, eventId: delivery.eventId, eventType: delivery.eventType }, body, SIGNATURE_DESCRIPTION);
  return {
    ...serializeWebhookDelivery(delivery),
    isTest,
    attempts: attemptLog.map(serializeAttempt),
    endpointUrl: endpoint.url,
    event: { id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: (JSON.parse(event.payload) as { data: unknown }).data },
    requestHeaders: Object.entries(headers).map(([name, value]) => ({ name, value })),
  };
}
