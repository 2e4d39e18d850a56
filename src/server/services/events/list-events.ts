// GET /api/v1/events (app-api section 13): the organization's events newest first, as their bodies, for
// as long as retention keeps them, and one of them by id; console test events are never listed nor found.
import type { DbClient, Prisma } from "@/server/db";
import { notFound } from "@/server/errors";
import { type EventView, type ListEventsInput, serializeEvent } from "@/server/contract/event";
import { paginate, type Page } from "@/server/lib/cursor";

export async function listEvents(db: DbClient, tenant: { organizationId: string }, input: ListEventsInput): Promise<Page<EventView>> {
  const filters: Prisma.WebhookEventWhereInput = {
    organizationId: tenant.organizationId,
    isTest: false,
    ...(input.type ? { type: input.type } : {}),
    ...(input.since ? { createdAt: { gte: input.since } } : {}),
    // Not yet fanned out counts as undelivered: its deliveries are being created.
    ...(input.undelivered ? { OR: [{ fannedOutAt: null }, { deliveries: { some: { status: { not: "success" } } } }] } : {}),
  };
  const page = await paginate(
    { kind: "events", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) => db.webhookEvent.findMany({ where: { AND: [filters, args.where] }, orderBy: args.orderBy, take: args.take, select: { id: true, createdAt: true, payload: true } }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeEvent), pagination: page.pagination };
}

/** GET /api/v1/events/{id}: one event of the organization, while retention keeps it; anything else is a 404. */
export async function getEvent(db: DbClient, tenant: { organizationId: string }, id: string): Promise<EventView> {
  const row = await db.webhookEvent.findFirst({ where: { id, organizationId: tenant.organizationId, isTest: false }, select: { payload: true } });
  if (!row) throw notFound("Event");
  return serializeEvent(row);
}
