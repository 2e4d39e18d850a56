import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { customerByIdInput, customerSchema } from "@/server/contract/customer";
import { getPublicCustomer } from "@/server/services/customers/customers";

/** GET /api/v1/customers/{id}: one customer in the public shape, archived or not (the web app's `get` has its own). */
export const lookUpCustomerProcedure = apiProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/customers/{id}",
      operationId: "customers-get",
      summary: "Get a customer",
      description: "Archived customers are found too (`archived: true`). 404 when the customer does not exist or belongs to another organization.",
      tags: ["Customers"],
      protect: true,
    },
    scopes: ["customers:read"],
  })
  .input(customerByIdInput)
  .output(v1Envelope(customerSchema))
  .query(async ({ ctx, input }) => v1Data(ctx, await getPublicCustomer(ctx.db, { organizationId: ctx.apiKey.organizationId }, input.id)));
