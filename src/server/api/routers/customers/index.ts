import { createRouter } from "@/server/api/trpc";
import { archiveCustomerProcedure } from "./archive-customer";
import { createCustomerInAppProcedure } from "./create-customer-in-app";
import { createCustomerProcedure } from "./create-customer";
import { getCustomerProcedure } from "./get-customer";
import { getCustomerWorkProcedure } from "./get-customer-work";
import { listCustomersInAppProcedure } from "./list-customers-in-app";
import { listCustomersProcedure } from "./list-customers";
import { unarchiveCustomerProcedure } from "./unarchive-customer";
import { updateCustomerBillingProcedure } from "./update-customer-billing";
import { updateCustomerProcedure } from "./update-customer";

export const customersRouter = createRouter({
  list: listCustomersProcedure,
  create: createCustomerProcedure,
  updateBilling: updateCustomerBillingProcedure,
  archive: archiveCustomerProcedure,
  unarchive: unarchiveCustomerProcedure,
  // The web app's session procedures.
  listInApp: listCustomersInAppProcedure,
  get: getCustomerProcedure,
  work: getCustomerWorkProcedure,
  createInApp: createCustomerInAppProcedure,
  update: updateCustomerProcedure,
});
