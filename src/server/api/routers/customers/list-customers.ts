import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { listCustomers } from "@/server/services/customers/customers";
import { customerSchema, listCustomersInput } from "@/server/contract/customer";

/** GET /api/v1/customers: newest first; archived customers only with includeArchived=true. */
export const listCustomersProcedure = apiProcedure
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
  .output(v1ListEnvelope(customerSchema))
  .query(async ({ ctx, input }) => v1Page(ctx, await listCustomers(ctx.db, ctx.apiKey, input)));
