import { sessionProcedure } from "@/server/api/procedures";
import { setCustomerArchived } from "@/server/services/customers/customers";
import { customerByIdInput, appCustomerSchema, customerForRole } from "@/server/contract/customer";

export const unarchiveCustomerProcedure = sessionProcedure
  .input(customerByIdInput)
  .output(appCustomerSchema)
  .mutation(async ({ ctx, input }) => customerForRole(await setCustomerArchived(ctx.db, ctx.actor, input.id, false), ctx.actor.role));
