import { createRouter } from "@/server/api/trpc";
import { archiveCustomerProcedure } from "./archive-customer";
import { createCustomerProcedure } from "./create-customer";
import { createCustomerWithBillingProcedure } from "./create-customer-with-billing";
import { getCustomerProcedure } from "./get-customer";
import { getCustomerWorkProcedure } from "./get-customer-work";
import { listCustomersProcedure } from "./list-customers";
import { lookUpCustomerProcedure } from "./look-up-customer";
import { unarchiveCustomerProcedure } from "./unarchive-customer";
import { updateCustomerBillingProcedure } from "./update-customer-billing";
import { updateCustomerProcedure } from "./update-customer";

export const customersRouter = createRouter({
  // /api/v1 and the web app.
  list: listCustomersProcedure,
  create: createCustomerProcedure,
  // /api/v1 only: one customer in the public shape (`get` is the web app's, shaped for the member's role).
  lookUp: lookUpCustomerProcedure,
  // The web app's session procedures (updateBilling, archive and unarchive also serve /api/app).
  updateBilling: updateCustomerBillingProcedure,
  archive: archiveCustomerProcedure,
  unarchive: unarchiveCustomerProcedure,
  get: getCustomerProcedure,
  work: getCustomerWorkProcedure,
  createWithBilling: createCustomerWithBillingProcedure,
  update: updateCustomerProcedure,
});
