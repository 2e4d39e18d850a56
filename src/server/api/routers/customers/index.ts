import { createRouter } from "@/server/api/trpc";
import { archiveCustomerProcedure } from "./archive-customer";
import { createCustomerProcedure } from "./create-customer";
import { listCustomersProcedure } from "./list-customers";
import { unarchiveCustomerProcedure } from "./unarchive-customer";
import { updateCustomerBillingProcedure } from "./update-customer-billing";
import { listCustomersInAppProcedure } from "./list-customers-in-app";

export const customersRouter = createRouter({
  list: listCustomersProcedure,
  create: createCustomerProcedure,
  updateBilling: updateCustomerBillingProcedure,
  archive: archiveCustomerProcedure,
  unarchive: unarchiveCustomerProcedure,
  listInApp: listCustomersInAppProcedure,
});
