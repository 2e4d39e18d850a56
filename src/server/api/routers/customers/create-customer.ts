import { customerKeyOrSessionProcedure } from "./billing-for-role";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { createCustomer } from "@/server/services/customers/customers";
import { createCustomerInput, customerSchema } from "@/server/contract/customer";

/**
 * POST /api/v1/customers: `email`, `phone` and `notes` are stored but never returned. An API key with
 * customers:write creates (contract 5.2); in the web app, admins, or members when the organization allows it.
 */
export const createCustomerProcedure = customerKeyOrSessionProcedure
  .use(customerManagers)
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/customers",
      summary: "Create a customer",
      description:
        "`email` and `phone` are the customer's private contact data and `notes` private notes: they are stored but never returned by the API.",
      tags: ["Customers"],
      protect: true,
    },
    scopes: ["customers:write"],
    successStatus: 201,
  })
  .input(createCustomerInput)
  .output(customerSchema)
  .mutation(({ ctx, input }) => createCustomer(ctx.db, ctx.tenant, input));
