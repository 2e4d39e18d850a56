import { sessionProcedure } from "@/server/api/procedures";
import { updateCustomer } from "@/server/services/customers/customers";
import { billingChangesOf, appCustomerSchema, customerForRole, updateCustomerInput } from "@/server/contract/customer";

/** Edits a customer: its details for any member, its billing settings for admins; all or nothing. */
export const updateCustomerProcedure = sessionProcedure
  .input(updateCustomerInput)
  .output(appCustomerSchema)
  .mutation(async ({ ctx, input }) => {
    const { id, name, company, contactName, color, logoUrl } = input;
    return customerForRole(await updateCustomer(ctx.db, ctx.actor, id, { name, company, contactName, color, logoUrl }, billingChangesOf(input)), ctx.actor.role);
  });
