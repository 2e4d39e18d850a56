// Customers: the public list and create, billing settings and archiving. Every query carries the
// caller's organization, so another organization's customer is simply not found.
import { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { containsText } from "@/server/lib/search";
import {
  customerSelect,
  serializeCustomer,
  type CreateCustomerInput,
  type CustomerBillingChanges,
  type CustomerProfileChanges,
  type CustomerView,
  type ListCustomersInput,
} from "@/server/contract/customer";
import type { Actor } from "@/server/services/auth/account";

/** The organization a call acts for: an API key's or a signed-in user's. */
export type Tenant = Pick<Actor, "organizationId">;

export async function listCustomers(db: DbClient, tenant: Tenant, input: ListCustomersInput): Promise<Page<CustomerView>> {
  const search: Prisma.CustomerWhereInput = input.search
    ? { OR: [{ name: containsText(input.search) }, { company: containsText(input.search) }] }
    : {};
  const page = await paginate(
    { kind: "customers", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.customer.findMany({
        where: {
          organizationId: tenant.organizationId,
          ...(input.includeArchived ? {} : { archived: false }),
          ...(input.updatedSince ? { updatedAt: { gte: input.updatedSince } } : {}),
          AND: [search, args.where],
        },
        orderBy: args.orderBy,
        take: args.take,
        select: customerSelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeCustomer), pagination: page.pagination };
}

/** Billing settings belong to admins (app-api section 4); a member sending any is refused whole. */
function assertMayChangeBilling(actor: Pick<Actor, "role">, billing: CustomerBillingChanges): void {
  if (actor.role !== "admin" && Object.values(billing).some((value) => value !== undefined)) {
    throw new AppError("forbidden", "Only admins can change billing settings.", { details: [{ field: "role", message: "admin role required" }] });
  }
}

/** `email` and `phone` are the customer's private contact data: stored, never returned. */
export async function createCustomer(db: DbClient, tenant: Tenant, input: CreateCustomerInput): Promise<CustomerView> {
  return insertCustomer(db, tenant, input, {});
}

/** The customer and, from an admin, its billing settings in one insert. */
export async function createCustomerWithBilling(db: DbClient, actor: Actor, input: CreateCustomerInput, billing: CustomerBillingChanges): Promise<CustomerView> {
  assertMayChangeBilling(actor, billing);
  return insertCustomer(db, actor, input, billing);
}

async function insertCustomer(db: DbClient, tenant: Tenant, input: CreateCustomerInput, billing: CustomerBillingChanges): Promise<CustomerView> {
  const customer = await db.customer.create({
    data: {
      ...billing,
      organizationId: tenant.organizationId,
      name: input.name,
      contactEmail: input.email ?? null,
      contactPhone: input.phone ?? null,
      company: input.company ?? null,
      notes: input.notes ?? null,
      contactName: input.contactName ?? null,
      color: input.color ?? null,
      logoUrl: input.logoUrl ?? null,
    },
    select: customerSelect,
  });
  return serializeCustomer(customer);
}

const isRecordNotFound = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";

export async function updateCustomerBilling(db: DbClient, tenant: Tenant, id: string, changes: CustomerBillingChanges): Promise<CustomerView> {
  return writeCustomer(db, tenant, id, billingData(changes));
}

/** The in-app edit: profile (any member) and billing (admins only) in one statement, so all or nothing is written. */
export async function updateCustomer(db: DbClient, actor: Actor, id: string, profile: CustomerProfileChanges, billing: CustomerBillingChanges): Promise<CustomerView> {
  assertMayChangeBilling(actor, billing);
  return writeCustomer(db, actor, id, {
    name: profile.name,
    company: profile.company,
    contactName: profile.contactName,
    color: profile.color,
    logoUrl: profile.logoUrl,
    ...billingData(billing),
  });
}

export async function getCustomer(db: DbClient, tenant: Tenant, id: string): Promise<CustomerView> {
  const customer = await db.customer.findFirst({ where: { id, organizationId: tenant.organizationId }, select: customerSelect });
  if (!customer) throw notFound("Customer");
  return serializeCustomer(customer);
}

/** Only the billing columns, so an input object can never write anything else. */
function billingData(changes: CustomerBillingChanges): Prisma.CustomerUpdateInput {
  return {
    hourlyRateCents: changes.hourlyRateCents,
    fixedRateCents: changes.fixedRateCents,
    currency: changes.currency,
    taxRateBps: changes.taxRateBps,
    roundingIncrementMinutes: changes.roundingIncrementMinutes,
    roundingMode: changes.roundingMode,
    billingType: changes.billingType,
    paymentLinkUrl: changes.paymentLinkUrl,
  };
}

async function writeCustomer(db: DbClient, tenant: Tenant, id: string, data: Prisma.CustomerUpdateInput): Promise<CustomerView> {
  try {
    const customer = await db.customer.update({ where: { id, organizationId: tenant.organizationId }, data, select: customerSelect });
    return serializeCustomer(customer);
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound("Customer");
    throw error;
  }
}

/**
 * Archives or unarchives. Idempotent: only a row in the other state is written, so archiving twice
 * keeps the first archivedAt.
 */
export async function setCustomerArchived(db: DbClient, tenant: Tenant, id: string, archived: boolean): Promise<CustomerView> {
  await db.customer.updateMany({
    where: { id, organizationId: tenant.organizationId, archived: !archived },
    data: { archived, archivedAt: archived ? new Date() : null },
  });
  const customer = await db.customer.findFirst({ where: { id, organizationId: tenant.organizationId }, select: customerSelect });
  if (!customer) throw notFound("Customer");
  return serializeCustomer(customer);
}
