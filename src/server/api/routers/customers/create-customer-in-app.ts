import { sessionProcedure } from "@/server/api/procedures";
import { createCustomerInApp } from "@/server/services/customers/customers";
import { billingChangesOf, createCustomerInAppInput, customerSchema } from "@/server/contract/customer";

/** Any member creates a customer; billing settings in the same request need the admin role. */
export const createCustomerInAppProcedure = sessionProcedure
  .input(createCustomerInAppInput)
  .output(customerSchema)
  .mutation(({ ctx, input }) => {
    const { name, email, phone, notes, company, contactName, color, logoUrl } = input;
    return createCustomerInApp(ctx.db, ctx.actor, { name, email, phone, notes, company, contactName, color, logoUrl }, billingChangesOf(input));
  });
