// The delivery log of one endpoint, newest first, filtered by statuses, event type or an id, and the
// organization's events with where each went; the keyset cursor every list uses.
import type { DbClient, Prisma } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import {
  serializeOperationDelivery,
  webhookOperationDeliverySelect,
  type ListDeliveriesInput,
  type ListWebhookEventsInput,
  type OperationDeliveryView,
  type WebhookEventRow,
} from "@/server/contract/webhook-delivery";
import type { Actor } from "@/server/services/auth/account";

/** 404 when the endpoint is missing or another organization's; otherwise one page of its deliveries. */
export async function listDeliveries(db: DbClient, actor: Actor, input: ListDeliveriesInput): Promise<Page<OperationDeliveryView>> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { id: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  const page = await paginate(
    { kind: "webhook-deliveries", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ where, orderBy, take }) =>
      db.webhookDelivery.findMany({
        where: {
          AND: [
            {
              endpointId: endpoint.id,
              organizationId: actor.organizationId,
              ...(input.status && { status: { in: input.status } }),
              ...(input.eventType && { eventType: input.eventType }),
              ...(input.search && { OR: [{ id: input.search }, { eventId: input.search }] }),
            },
            where,
          ],
        },
        orderBy,
        take,
        select: webhookOperationDeliverySelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeOperationDelivery), pagination: page.pagination };
}

/**
 * Webhooks → Events: the organization's events newest first, each with where it went. Two queries a
 * page: the events (keyset on the (organizationId, createdAt, id) index), then their deliveries.
 */
export async function listWebhookEvents(db: DbClient, actor: Actor, input: ListWebhookEventsInput): Promise<Page<WebhookEventRow>> {
  const filters: Prisma.WebhookEventWhereInput = {
    organizationId: actor.organizationId,
    ...(input.type && { type: input.type }),
    ...(input.status && { deliveries: { some: { status: { in: input.status } } } }),
    ...(input.search && { OR: [{ id: input.search }, { deliveries: { some: { id: input.search } } }] }),
  };
  const page = await paginate(
    { kind: "events", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) => db.webhookEvent.findMany({ where: { AND: [filters, args.where] }, orderBy: args.orderBy, take: args.take, select: { id: true, type: true, createdAt: true, isTest: true } }),
    (row) => row.createdAt,
  );
  const deliveries = page.items.length
    ? await db.webhookDelivery.findMany({
        where: { organizationId: actor.organizationId, eventId: { in: page.items.map((event) => event.id) } },
        orderBy: { createdAt: "asc" },
        select: { id: true, eventId: true, endpointId: true, status: true, attempts: true, lastStatusCode: true, lastAttemptAt: true, endpoint: { select: { url: true } } },
      })
    : [];
  return {
    items: page.items.map((event) => ({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt.toISOString(),
      isTest: event.isTest,
      deliveries: deliveries
        .filter((delivery) => delivery.eventId === event.id)
        .map((delivery) => ({
          id: delivery.id,
          endpointId: delivery.endpointId,
          endpointUrl: delivery.endpoint.url,
          status: delivery.status,
          attempts: delivery.attempts,
          lastStatusCode: delivery.lastStatusCode,
          lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
        })),
    })),
    pagination: page.pagination,
  };
}
