import { z } from "zod";
import { apiProcedure, v1Page } from "@/server/api/procedures";
import { v1ListEnvelope } from "@/server/api/v1-schemas";
import { paginate, paginationInput } from "@/server/lib/cursor";

// Provisional: proves the v1 pipeline; the customers area replaces it.
export const listCustomersProcedure = apiProcedure
  .meta({ openapi: { method: "GET", path: "/v1/customers", summary: "List customers", tags: ["Customers"] }, scopes: ["customers:read"] })
  .input(z.object({ ...paginationInput }))
  .output(v1ListEnvelope(z.object({ id: z.string(), name: z.string() })))
  .query(async ({ ctx, input }) =>
    v1Page(
      ctx,
      await paginate(
        { kind: "customers", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
        (args) => ctx.db.customer.findMany({ ...args, where: { organizationId: ctx.apiKey.organizationId, ...args.where }, select: { id: true, name: true, createdAt: true } }),
        (row) => row.createdAt,
      ),
    ),
  );
