import { customerSessionProcedure } from "./billing-for-role";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { setCustomerArchived } from "@/server/services/customers/customers";
import { customerByIdInput, appCustomerSchema } from "@/server/contract/customer";

/** Brings an archived customer back into lists (the Undo of an archive); who may archive may unarchive. */
export const unarchiveCustomerProcedure = customerSessionProcedure
  .use(customerManagers)
  .input(customerByIdInput)
  .output(appCustomerSchema)
  .mutation(({ ctx, input }) => setCustomerArchived(ctx.db, ctx.actor, input.id, false));
