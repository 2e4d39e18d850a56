import { customerKeyOrSessionProcedure } from "./billing-for-role";
import { pageOf } from "@/server/api/page-schema";
import { listCustomers } from "@/server/services/customers/customers";
import { customerSchema, listCustomersInput } from "@/server/contract/customer";

/** GET /api/v1/customers and the web app's customer list and pickers: newest first; archived customers only with includeArchived=true. */
export const listCustomersProcedure = customerKeyOrSessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/customers",
      summary: "List customers",
      description: "Newest first (createdAt, then id). `search` matches name or company, case-insensitively. Archived customers are excluded unless `includeArchived=true`.",
      tags: ["Customers"],
      protect: true,
    },
    scopes: ["customers:read"],
  })
  .input(listCustomersInput)
  .output(pageOf(customerSchema))
  .query(({ ctx, input }) => listCustomers(ctx.db, ctx.tenant, input));
