// The delivery log of one endpoint, newest first, optionally of one status, with the keyset cursor every list uses.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { serializeWebhookDelivery, webhookDeliverySelect, type ListDeliveriesInput, type WebhookDeliveryView } from "@/server/contract/webhook-delivery";
import type { Actor } from "@/server/services/auth/account";

/** 404 when the endpoint is missing or another organization's; otherwise one page of its deliveries. */
export async function listDeliveries(db: DbClient, actor: Actor, input: ListDeliveriesInput): Promise<Page<WebhookDeliveryView>> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { id: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  const page = await paginate(
    { kind: "webhook-deliveries", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ where, orderBy, take }) =>
      db.webhookDelivery.findMany({
        where: { AND: [{ endpointId: endpoint.id, organizationId: actor.organizationId, ...(input.status && { status: input.status }) }, where] },
        orderBy,
        take,
        select: webhookDeliverySelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeWebhookDelivery), pagination: page.pagination };
}
