import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { paginationSchema } from "@/server/api/v1-schemas";
import { listCustomers } from "@/server/services/customers/customers";
import { customerSchema, listCustomersInAppInput } from "./customers.schema";

/** The web app's customer list: the public list's rules (newest first, search, archived on request) for any member. */
export const listCustomersInAppProcedure = sessionProcedure
  .input(listCustomersInAppInput)
  .output(z.object({ items: z.array(customerSchema), pagination: paginationSchema }))
  .query(({ ctx, input }) => listCustomers(ctx.db, ctx.actor, input));
