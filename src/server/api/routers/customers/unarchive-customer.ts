import { sessionProcedure } from "@/server/api/procedures";
import { setCustomerArchived } from "@/server/services/customers/customers";
import { customerByIdInput, customerSchema } from "@/server/contract/customer";

export const unarchiveCustomerProcedure = sessionProcedure
  .input(customerByIdInput)
  .output(customerSchema)
  .mutation(({ ctx, input }) => setCustomerArchived(ctx.db, ctx.actor, input.id, false));
