import { adminProcedure } from "@/server/api/procedures";
import { updateCustomerBilling } from "@/server/services/customers/customers";
import { customerSchema, updateCustomerBillingInput } from "@/server/contract/customer";

/** Billing settings (rates, currency, tax, rounding, payment link) are an admin's decision. */
export const updateCustomerBillingProcedure = adminProcedure
  .input(updateCustomerBillingInput)
  .output(customerSchema)
  .mutation(({ ctx, input: { id, ...changes } }) => updateCustomerBilling(ctx.db, ctx.actor, id, changes));
