import { customerSessionProcedure } from "./billing-for-role";
import { getCustomer } from "@/server/services/customers/customers";
import { customerByIdInput, appCustomerSchema } from "@/server/contract/customer";

/** One customer of the caller's organization, archived or not (admins also see its private contact data and invoicing details); anything else is 404. */
export const getCustomerProcedure = customerSessionProcedure
  .input(customerByIdInput)
  .output(appCustomerSchema)
  .query(({ ctx, input }) => getCustomer(ctx.db, ctx.actor, input.id));
