// Constellations (projects): the public list and create, and archiving. Every query carries the
// caller's organization, so another organization's project is simply not found.
import type { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { invalidFields, notFound } from "@/server/errors";
import { unknownReferences } from "@/server/services/references/unknown-references";
import { paginate, type Page } from "@/server/lib/cursor";
import { containsText } from "@/server/lib/search";
import {
  constellationWithCustomerNameSelect,
  constellationSelect,
  serializeConstellation,
  serializeConstellationWithCustomerName,
  type ConstellationWithCustomerNameView,
  type ConstellationView,
  type CreateConstellationInput,
  type ListConstellationsInput,
  type UpdateConstellationInput,
} from "@/server/contract/constellation";
import type { Tenant } from "@/server/services/customers/customers";
import { AppError } from "@/server/errors";
import { seesBilling } from "@/server/contract/customer";
import type { AppProjectView } from "@/server/contract/constellation";
import type { Actor } from "@/server/services/auth/account";
import { budgetColumns, budgetSettingsOf } from "./budgets";

/** The list's filters and the organization, as a `where` beside the keyset's. */
function listWhere(tenant: Tenant, input: ListConstellationsInput, keyset: Prisma.ConstellationWhereInput): Prisma.ConstellationWhereInput {
  const search: Prisma.ConstellationWhereInput = input.search
    ? { OR: [{ title: containsText(input.search) }, { goal: containsText(input.search) }] }
    : {};
  return {
    organizationId: tenant.organizationId,
    ...(input.includeArchived ? {} : { archived: false }),
    ...(input.customerId ? { customerId: input.customerId } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.updatedSince ? { updatedAt: { gte: input.updatedSince } } : {}),
    AND: [search, keyset],
  };
}

export function listConstellations(db: DbClient, tenant: Tenant, input: ListConstellationsInput): Promise<Page<ConstellationView>> {
  return listConstellationsSelecting(db, tenant, input, constellationSelect, serializeConstellation);
}

/** The same list, each project with its customer's name (read in the same query). */
export function listConstellationsWithCustomerNames(db: DbClient, tenant: Tenant, input: ListConstellationsInput): Promise<Page<ConstellationWithCustomerNameView>> {
  return listConstellationsSelecting(db, tenant, input, constellationWithCustomerNameSelect, serializeConstellationWithCustomerName);
}

async function listConstellationsSelecting<Select extends Prisma.ConstellationSelect & { id: true; createdAt: true }, View>(
  db: DbClient,
  tenant: Tenant,
  input: ListConstellationsInput,
  select: Select,
  serialize: (row: Prisma.ConstellationGetPayload<{ select: Select }>) => View,
): Promise<Page<View>> {
  type Row = Prisma.ConstellationGetPayload<{ select: Select }> & { id: string; createdAt: Date };
  const page = await paginate(
    { kind: "constellations", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) => db.constellation.findMany({ where: listWhere(tenant, input, args.where), orderBy: args.orderBy, take: args.take, select }) as Promise<Row[]>,
    (row) => row.createdAt,
  );
  return { items: page.items.map(serialize), pagination: page.pagination };
}

/**
 * Creates a project. A customerId outside the caller's organization is a 400 on that field and
 * nothing is written. Projects created through the API have no owner: no user stands behind a key.
 */
export async function createConstellation(db: DbClient, tenant: Tenant, input: CreateConstellationInput, ownerId: string | null = null): Promise<ConstellationView> {
  await assertCustomerOfTenant(db, tenant, input.customerId);
  const constellation = await db.constellation.create({
    data: {
      organizationId: tenant.organizationId,
      ownerId,
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

/** A referenced customer must be the organization's: otherwise a 400 on the field, before anything is written. */
async function assertCustomerOfTenant(db: DbClient, tenant: Tenant, customerId: string | null | undefined): Promise<void> {
  if (!customerId) return;
  const details = await unknownReferences(db, tenant.organizationId, [{ field: "customerId", kind: "customer", id: customerId }]);
  if (details.length) throw invalidFields(details);
}

/** GET /api/v1/constellations/{id}: one project of the organization, archived or not; anything else is a 404. */
export async function getConstellation(db: DbClient, tenant: Tenant, id: string): Promise<ConstellationView> {
  const row = await db.constellation.findFirst({ where: { id, organizationId: tenant.organizationId }, select: constellationSelect });
  if (!row) throw notFound("Constellation");
  return serializeConstellation(row);
}

export async function getConstellationWithCustomerName(db: DbClient, tenant: Tenant, id: string): Promise<ConstellationWithCustomerNameView> {
  const row = await db.constellation.findFirst({ where: { id, organizationId: tenant.organizationId }, select: constellationWithCustomerNameSelect });
  if (!row) throw notFound("Constellation");
  return serializeConstellationWithCustomerName(row);
}

/** The web app's project: its rate and budget for admins only. */
export async function getAppProject(db: DbClient, actor: Actor, id: string): Promise<AppProjectView> {
  const row = await db.constellation.findFirst({
    where: { id, organizationId: actor.organizationId },
    select: { ...constellationWithCustomerNameSelect, hourlyRateCents: true, budgetKind: true, budgetValue: true, budgetPeriod: true, budgetAlertPercents: true },
  });
  if (!row) throw notFound("Constellation");
  const view = serializeConstellationWithCustomerName(row);
  return seesBilling(actor.role) ? { ...view, hourlyRateCents: row.hourlyRateCents, budget: budgetSettingsOf(row) } : view;
}

/** Edits a project; a foreign customerId is a 400 and nothing is written; its rate and budget are an admin's. */
export async function updateConstellation(db: DbClient, actor: Actor, id: string, changes: UpdateConstellationInput): Promise<AppProjectView> {
  if (!seesBilling(actor.role) && (changes.hourlyRateCents !== undefined || changes.budget !== undefined)) {
    throw new AppError("forbidden", "Only admins can change a project's rate and budget.", { details: [{ field: "role", message: "admin role required" }] });
  }
  await assertCustomerOfTenant(db, actor, changes.customerId);
  const { count } = await db.constellation.updateMany({
    where: { id, organizationId: actor.organizationId },
    data: {
      title: changes.title,
      goal: changes.goal,
      customerId: changes.customerId,
      status: changes.status,
      dueDate: changes.dueDate,
      hourlyRateCents: changes.hourlyRateCents,
      ...budgetColumns(changes.budget),
    },
  });
  if (count === 0) throw notFound("Constellation");
  return getAppProject(db, actor, id);
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
