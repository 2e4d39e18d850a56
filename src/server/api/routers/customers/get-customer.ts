import { sessionProcedure } from "@/server/api/procedures";
import { getCustomer } from "@/server/services/customers/customers";
import { customerByIdInput, appCustomerSchema, customerForRole } from "@/server/contract/customer";

/** One customer of the caller's organization, archived or not; anything else is 404. */
export const getCustomerProcedure = sessionProcedure
  .input(customerByIdInput)
  .output(appCustomerSchema)
  .query(async ({ ctx, input }) => customerForRole(await getCustomer(ctx.db, ctx.actor, input.id), ctx.actor.role));
