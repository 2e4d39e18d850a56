import { customerSessionProcedure } from "./billing-for-role";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { createCustomerWithBilling } from "@/server/services/customers/customers";
import { appCustomerSchema, billingChangesOf, createCustomerWithBillingInput } from "@/server/contract/customer";

/** The web app's create: admins, or members when the organization allows it; billing and invoicing settings in the same request need the admin role. */
export const createCustomerWithBillingProcedure = customerSessionProcedure
  .use(customerManagers)
  .input(createCustomerWithBillingInput)
  .output(appCustomerSchema)
  .mutation(({ ctx, input }) => {
    const { name, email, phone, notes, company, contactName, color, logoUrl } = input;
    return createCustomerWithBilling(ctx.db, ctx.actor, { name, email, phone, notes, company, contactName, color, logoUrl }, billingChangesOf(input));
  });
