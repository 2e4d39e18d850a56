// Customer response shape (contract 2.3): an explicit allowlist. The private contact data
// (contactEmail, contactPhone), notes and organizationId are never selected nor copied here.
import type { Customer } from "@/generated/prisma/client";
import type { BillingType, RoundingMode } from "@/generated/prisma/enums";

export interface CustomerView {
  id: string;
  name: string;
  company: string | null;
  contactName: string | null;
  color: string | null;
  logoUrl: string | null;
  hourlyRateCents: number | null;
  fixedRateCents: number | null;
  currency: string;
  taxRateBps: number;
  roundingIncrementMinutes: number;
  roundingMode: RoundingMode;
  paymentLinkUrl: string | null;
  billingType: BillingType;
  archived: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The columns a customer response is built from; queries select exactly these. */
export const customerSelect = {
  id: true,
  name: true,
  company: true,
  contactName: true,
  color: true,
  logoUrl: true,
  hourlyRateCents: true,
  fixedRateCents: true,
  currency: true,
  taxRateBps: true,
  roundingIncrementMinutes: true,
  roundingMode: true,
  paymentLinkUrl: true,
  billingType: true,
  archived: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Partial<Record<keyof Customer, true>>;

export type CustomerRow = Pick<Customer, keyof typeof customerSelect>;

export function serializeCustomer(customer: CustomerRow): CustomerView {
  return {
    id: customer.id,
    name: customer.name,
    company: customer.company,
    contactName: customer.contactName,
    color: customer.color,
    logoUrl: customer.logoUrl,
    hourlyRateCents: customer.hourlyRateCents,
    fixedRateCents: customer.fixedRateCents,
    currency: customer.currency,
    taxRateBps: customer.taxRateBps,
    roundingIncrementMinutes: customer.roundingIncrementMinutes,
    roundingMode: customer.roundingMode,
    paymentLinkUrl: customer.paymentLinkUrl,
    billingType: customer.billingType,
    archived: customer.archived,
    archivedAt: customer.archivedAt?.toISOString() ?? null,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}
