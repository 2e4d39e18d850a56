// Customers: the public list and create, billing settings and archiving. Every query carries the
// caller's organization, so another organization's customer is simply not found.
import { Prisma } from "@/generated/prisma/client";
import type { BillingType, RoundingMode } from "@/generated/prisma/enums";
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { containsText } from "@/server/lib/search";
import { customerSelect, serializeCustomer, type CustomerView } from "@/server/lib/serializers/customer";
import type { Actor } from "@/server/services/auth/account";

/** The organization a call acts for: an API key's or a signed-in user's. */
export type Tenant = Pick<Actor, "organizationId">;

export interface ListCustomersInput {
  search?: string;
  includeArchived?: boolean;
  limit: number;
  cursor?: string;
}

export async function listCustomers(db: DbClient, tenant: Tenant, input: ListCustomersInput): Promise<Page<CustomerView>> {
  const search: Prisma.CustomerWhereInput = input.search
    ? { OR: [{ name: containsText(input.search) }, { company: containsText(input.search) }] }
    : {};
  const page = await paginate(
    { kind: "customers", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.customer.findMany({
        where: { organizationId: tenant.organizationId, ...(input.includeArchived ? {} : { archived: false }), AND: [search, args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: customerSelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeCustomer), pagination: page.pagination };
}

export interface CreateCustomerInput {
  name: string;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
  notes?: string | null;
  contactName?: string | null;
  color?: string | null;
  logoUrl?: string | null;
}

/** `email` and `phone` are the customer's private contact data: stored, never returned. */
export async function createCustomer(db: DbClient, tenant: Tenant, input: CreateCustomerInput): Promise<CustomerView> {
  const customer = await db.customer.create({
    data: {
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

export interface CustomerBillingChanges {
  hourlyRateCents?: number | null;
  fixedRateCents?: number | null;
  currency?: string;
  taxRateBps?: number;
  roundingIncrementMinutes?: number;
  roundingMode?: RoundingMode;
  billingType?: BillingType;
  paymentLinkUrl?: string | null;
}

const isRecordNotFound = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025";

export async function updateCustomerBilling(db: DbClient, tenant: Tenant, id: string, changes: CustomerBillingChanges): Promise<CustomerView> {
  try {
    const customer = await db.customer.update({
      where: { id, organizationId: tenant.organizationId },
      data: {
        hourlyRateCents: changes.hourlyRateCents,
        fixedRateCents: changes.fixedRateCents,
        currency: changes.currency,
        taxRateBps: changes.taxRateBps,
        roundingIncrementMinutes: changes.roundingIncrementMinutes,
        roundingMode: changes.roundingMode,
        billingType: changes.billingType,
        paymentLinkUrl: changes.paymentLinkUrl,
      },
      select: customerSelect,
    });
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
