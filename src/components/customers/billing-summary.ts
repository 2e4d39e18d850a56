import { formatMoney } from "@/lib/money";
import type { Customer } from "@/trpc/types";

/** "€120.00 / h", "Fixed €2,500.00", or "No rate" when the customer cannot be invoiced yet; empty for a member, who is sent no billing fields. */
export function billingSummary(customer: Pick<Customer, "billingType" | "hourlyRateCents" | "fixedRateCents" | "currency">): string {
  if (customer.currency === undefined) return "";
  if (customer.billingType === "fixed") return customer.fixedRateCents == null ? "Fixed fee not set" : `Fixed ${formatMoney(customer.fixedRateCents, customer.currency)}`;
  return customer.hourlyRateCents == null ? "No rate" : `${formatMoney(customer.hourlyRateCents, customer.currency)} / h`;
}
