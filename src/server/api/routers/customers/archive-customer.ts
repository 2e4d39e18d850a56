import { sessionProcedure } from "@/server/api/procedures";
import { setCustomerArchived } from "@/server/services/customers/customers";
import { customerByIdInput, appCustomerSchema, customerForRole } from "@/server/contract/customer";

/** Any member may archive: it hides the customer from lists and changes no data. */
export const archiveCustomerProcedure = sessionProcedure
  .input(customerByIdInput)
  .output(appCustomerSchema)
  .mutation(async ({ ctx, input }) => customerForRole(await setCustomerArchived(ctx.db, ctx.actor, input.id, true), ctx.actor.role));
