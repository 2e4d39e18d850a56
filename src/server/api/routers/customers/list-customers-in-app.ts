import { sessionProcedure } from "@/server/api/procedures";
import { appBoolean, appPage } from "@/server/api/app-schemas";
import { listCustomers } from "@/server/services/customers/customers";
import { customerSchema, listCustomersInput } from "@/server/contract/customer";

/** The web app's customer list and pickers: the public list's filters (newest first, search, archived on request), for any member. */
export const listCustomersInAppProcedure = sessionProcedure
  .input(listCustomersInput.extend({ includeArchived: appBoolean() }))
  .output(appPage(customerSchema))
  .query(({ ctx, input }) => listCustomers(ctx.db, ctx.actor, input));
