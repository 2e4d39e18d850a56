// Constellations (projects): the public list and create, and archiving. Every query carries the
// caller's organization, so another organization's project is simply not found.
import type { Prisma } from "@/generated/prisma/client";
import type { ConstellationStatus } from "@/generated/prisma/enums";
import type { DbClient } from "@/server/db";
import { notFound, validationError } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { containsText } from "@/server/lib/search";
import { constellationSelect, serializeConstellation, type ConstellationView } from "@/server/lib/serializers/constellation";
import type { Tenant } from "@/server/services/customers/customers";

export interface ListConstellationsInput {
  customerId?: string;
  status?: ConstellationStatus;
  search?: string;
  includeArchived?: boolean;
  limit: number;
  cursor?: string;
}

export async function listConstellations(db: DbClient, tenant: Tenant, input: ListConstellationsInput): Promise<Page<ConstellationView>> {
  const search: Prisma.ConstellationWhereInput = input.search
    ? { OR: [{ title: containsText(input.search) }, { goal: containsText(input.search) }] }
    : {};
  const page = await paginate(
    { kind: "constellations", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.constellation.findMany({
        where: {
          organizationId: tenant.organizationId,
          ...(input.includeArchived ? {} : { archived: false }),
          ...(input.customerId ? { customerId: input.customerId } : {}),
          ...(input.status ? { status: input.status } : {}),
          AND: [search, args.where],
        },
        orderBy: args.orderBy,
        take: args.take,
        select: constellationSelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeConstellation), pagination: page.pagination };
}

export interface CreateConstellationInput {
  title: string;
  goal: string | null;
  customerId: string | null;
  status: ConstellationStatus;
  dueDate: Date | null;
}

/**
 * Creates a project. A customerId outside the caller's organization is a 400 on that field and
 * nothing is written. Projects created through the API have no owner: no user stands behind a key.
 */
export async function createConstellation(db: DbClient, tenant: Tenant, input: CreateConstellationInput): Promise<ConstellationView> {
  if (input.customerId) {
    const customer = await db.customer.findFirst({ where: { id: input.customerId, organizationId: tenant.organizationId }, select: { id: true } });
    if (!customer) throw validationError("customerId", "is not a customer of this organization");
  }
  const constellation = await db.constellation.create({
    data: {
      organizationId: tenant.organizationId,
      ownerId: null,
      title: input.title,
      goal: input.goal,
      customerId: input.customerId,
      status: input.status,
      dueDate: input.dueDate,
    },
    select: constellationSelect,
  });
  return serializeConstellation(constellation);
}

/**
 * Archives or unarchives. Idempotent: only a row in the other state is written, so archiving twice
 * keeps the first archivedAt.
 */
export async function setConstellationArchived(db: DbClient, tenant: Tenant, id: string, archived: boolean): Promise<ConstellationView> {
  await db.constellation.updateMany({
    where: { id, organizationId: tenant.organizationId, archived: !archived },
    data: { archived, archivedAt: archived ? new Date() : null },
  });
  const constellation = await db.constellation.findFirst({ where: { id, organizationId: tenant.organizationId }, select: constellationSelect });
  if (!constellation) throw notFound("Constellation");
  return serializeConstellation(constellation);
}
