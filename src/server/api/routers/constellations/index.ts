import { createRouter } from "@/server/api/trpc";
import { archiveConstellationProcedure } from "./archive-constellation";
import { createConstellationProcedure } from "./create-constellation";
import { getConstellationProcedure } from "./get-constellation";
import { getConstellationBudgetProcedure } from "./get-constellation-budget";
import { getConstellationWorkProcedure } from "./get-constellation-work";
import { listConstellationsWithCustomerNamesProcedure } from "./list-constellations-with-customer-names";
import { listConstellationsProcedure } from "./list-constellations";
import { lookUpConstellationProcedure } from "./look-up-constellation";
import { unarchiveConstellationProcedure } from "./unarchive-constellation";
import { updateConstellationProcedure } from "./update-constellation";

export const constellationsRouter = createRouter({
  // /api/v1 and the web app.
  list: listConstellationsProcedure,
  create: createConstellationProcedure,
  // /api/v1 only: one project in the public shape (`get` is the web app's, with the customer's name).
  lookUp: lookUpConstellationProcedure,
  // The web app's session procedures (archive and unarchive also serve /api/app).
  archive: archiveConstellationProcedure,
  unarchive: unarchiveConstellationProcedure,
  listWithCustomerNames: listConstellationsWithCustomerNamesProcedure,
  get: getConstellationProcedure,
  work: getConstellationWorkProcedure,
  budget: getConstellationBudgetProcedure,
  update: updateConstellationProcedure,
});
