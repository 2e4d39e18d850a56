import { customerSessionProcedure } from "./billing-for-role";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { updateCustomer } from "@/server/services/customers/customers";
import { billingChangesOf, appCustomerSchema, updateCustomerInput } from "@/server/contract/customer";

/** Edits a customer: its details (admins, or members when the organization allows it), its billing, invoicing and private contact data (admins); all or nothing. */
export const updateCustomerProcedure = customerSessionProcedure
  .use(customerManagers)
  .input(updateCustomerInput)
  .output(appCustomerSchema)
  .mutation(({ ctx, input }) => {
    const { id, name, company, contactName, color, logoUrl, email, phone, notes } = input;
    return updateCustomer(ctx.db, ctx.actor, id, { profile: { name, company, contactName, color, logoUrl }, contact: { email, phone, notes }, billing: billingChangesOf(input) });
  });
