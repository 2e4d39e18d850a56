import { customerSessionProcedure } from "./billing-for-role";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { setCustomerArchived } from "@/server/services/customers/customers";
import { customerByIdInput, appCustomerSchema } from "@/server/contract/customer";

/** Hides the customer from lists and changes no data; admins, or members when the organization allows it. */
export const archiveCustomerProcedure = customerSessionProcedure
  .use(customerManagers)
  .input(customerByIdInput)
  .output(appCustomerSchema)
  .mutation(({ ctx, input }) => setCustomerArchived(ctx.db, ctx.actor, input.id, true));
