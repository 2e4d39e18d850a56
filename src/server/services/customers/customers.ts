// Customers: the public list and create, billing settings and archiving. Every query carries the
// caller's organization, so another organization's customer is simply not found.
import { Prisma } from "@/generated/prisma/client";
import type { DbClient } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { containsText } from "@/server/lib/search";
import {
  appCustomerSelect,
  appCustomerView,
  customerSelect,
  seesBilling,
  serializeCustomer,
  type AppCustomerView,
  type CreateCustomerInput,
  type CustomerBillingChanges,
  type CustomerPrivateChanges,
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

/**
 * Billing and invoicing settings, and the private contact data once it is stored, belong to admins
 * (app-api sections 4 and 17); a member sending any of them is refused whole.
 */
function assertMayChangeBilling(actor: Pick<Actor, "role">, ...changes: object[]): void {
  if (!seesBilling(actor.role) && changes.some((fields) => Object.values(fields).some((value) => value !== undefined))) {
    throw new AppError("forbidden", "Only admins can change billing settings and private contact details.", { details: [{ field: "role", message: "admin role required" }] });
  }
}

/** `email` and `phone` are the customer's private contact data: stored, never returned by /api/v1. */
export async function createCustomer(db: DbClient, tenant: Tenant, input: CreateCustomerInput): Promise<CustomerView> {
  return serializeCustomer(await insertCustomer(db, tenant, input, {}));
}

/** The customer and, from an admin, its billing settings in one insert; answered in full (the procedure applies the billing mask). */
export async function createCustomerWithBilling(db: DbClient, actor: Actor, input: CreateCustomerInput, billing: CustomerBillingChanges): Promise<AppCustomerView> {
  assertMayChangeBilling(actor, billing);
  return appCustomerView(await insertCustomer(db, actor, input, billing));
}

async function insertCustomer(db: DbClient, tenant: Tenant, input: CreateCustomerInput, billing: CustomerBillingChanges) {
  return db.customer.create({
    data: {
      ...billingData(billing),
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
    select: appCustomerSelect,
  });
}

const isRecordNotFound = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";

/** PATCH /api/app/customers/:id (admins): billing and invoicing settings; answered in the v1 shape. */
export async function updateCustomerBilling(db: DbClient, tenant: Tenant, id: string, changes: CustomerBillingChanges): Promise<CustomerView> {
  return serializeCustomer(await writeCustomer(db, tenant, id, billingData(changes)));
}

/**
 * The in-app edit: profile (whoever may manage customers), billing and private contact (admins only)
 * in one statement, so all or nothing is written.
 */
export async function updateCustomer(
  db: DbClient,
  actor: Actor,
  id: string,
  changes: { profile: CustomerProfileChanges; contact: CustomerPrivateChanges; billing: CustomerBillingChanges },
): Promise<AppCustomerView> {
  const { profile, contact, billing } = changes;
  assertMayChangeBilling(actor, billing, contact);
  const row = await writeCustomer(db, actor, id, {
    name: profile.name,
    company: profile.company,
    contactName: profile.contactName,
    color: profile.color,
    logoUrl: profile.logoUrl,
    contactEmail: contact.email,
    contactPhone: contact.phone,
    notes: contact.notes,
    ...billingData(billing),
  });
  return appCustomerView(row);
}

/** One customer in the contract's shape (`/api/v1`: never the private contact fields). */
export async function getPublicCustomer(db: DbClient, tenant: Tenant, id: string): Promise<CustomerView> {
  const customer = await db.customer.findFirst({ where: { id, organizationId: tenant.organizationId }, select: customerSelect });
  if (!customer) throw notFound("Customer");
  return serializeCustomer(customer);
}

/** One customer of the actor's organization in full, private contact fields too (the procedure applies the billing mask). */
export async function getCustomer(db: DbClient, actor: Actor, id: string): Promise<AppCustomerView> {
  const customer = await db.customer.findFirst({ where: { id, organizationId: actor.organizationId }, select: appCustomerSelect });
  if (!customer) throw notFound("Customer");
  return appCustomerView(customer);
}

/** Only the billing and invoicing columns, so an input object can never write anything else. */
function billingData(changes: CustomerBillingChanges) {
  return {
    hourlyRateCents: changes.hourlyRateCents,
    fixedRateCents: changes.fixedRateCents,
    currency: changes.currency,
    taxRateBps: changes.taxRateBps,
    roundingIncrementMinutes: changes.roundingIncrementMinutes,
    roundingMode: changes.roundingMode,
    billingType: changes.billingType,
    paymentLinkUrl: changes.paymentLinkUrl,
    billingAddress: changes.billingAddress,
    vatId: changes.vatId,
    paymentTermsDays: changes.paymentTermsDays,
  } satisfies Prisma.CustomerUncheckedUpdateInput;
}

async function writeCustomer(db: DbClient, tenant: Tenant, id: string, data: Prisma.CustomerUpdateInput) {
  try {
    return await db.customer.update({ where: { id, organizationId: tenant.organizationId }, data, select: appCustomerSelect });
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound("Customer");
    throw error;
  }
}

/**
 * Archives or unarchives. Idempotent: only a row in the other state is written, so archiving twice
 * keeps the first archivedAt.
 */
export async function setCustomerArchived(db: DbClient, actor: Actor, id: string, archived: boolean): Promise<AppCustomerView> {
  await db.customer.updateMany({
    where: { id, organizationId: actor.organizationId, archived: !archived },
    data: { archived, archivedAt: archived ? new Date() : null },
  });
  // Answered as app-api section 4 has it (the customer; the procedure leaves billing fields to admins), without the private data.
  const customer = await db.customer.findFirst({ where: { id, organizationId: actor.organizationId }, select: customerSelect });
  if (!customer) throw notFound("Customer");
  return appCustomerView(serializeCustomer(customer));
}
