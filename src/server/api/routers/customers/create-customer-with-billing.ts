import { sessionProcedure } from "@/server/api/procedures";
import { createCustomerWithBilling } from "@/server/services/customers/customers";
import { appCustomerSchema, billingChangesOf, createCustomerWithBillingInput, customerForRole } from "@/server/contract/customer";

/** The web app's create: any member creates a customer; billing settings in the same request need the admin role. */
export const createCustomerWithBillingProcedure = sessionProcedure
  .input(createCustomerWithBillingInput)
  .output(appCustomerSchema)
  .mutation(async ({ ctx, input }) => {
    const { name, email, phone, notes, company, contactName, color, logoUrl } = input;
    return customerForRole(await createCustomerWithBilling(ctx.db, ctx.actor, { name, email, phone, notes, company, contactName, color, logoUrl }, billingChangesOf(input)), ctx.actor.role);
  });
