import { createRouter } from "@/server/api/trpc";
import { archiveConstellationProcedure } from "./archive-constellation";
import { createConstellationInAppProcedure } from "./create-constellation-in-app";
import { createConstellationProcedure } from "./create-constellation";
import { getConstellationProcedure } from "./get-constellation";
import { getConstellationWorkProcedure } from "./get-constellation-work";
import { listConstellationsInAppProcedure } from "./list-constellations-in-app";
import { listConstellationsProcedure } from "./list-constellations";
import { unarchiveConstellationProcedure } from "./unarchive-constellation";
import { updateConstellationProcedure } from "./update-constellation";

export const constellationsRouter = createRouter({
  list: listConstellationsProcedure,
  create: createConstellationProcedure,
  archive: archiveConstellationProcedure,
  unarchive: unarchiveConstellationProcedure,
  // The web app's session procedures.
  listInApp: listConstellationsInAppProcedure,
  get: getConstellationProcedure,
  work: getConstellationWorkProcedure,
  createInApp: createConstellationInAppProcedure,
  update: updateConstellationProcedure,
});
