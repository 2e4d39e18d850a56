import { createRouter } from "@/server/api/trpc";
import { archiveConstellationProcedure } from "./archive-constellation";
import { createConstellationProcedure } from "./create-constellation";
import { listConstellationsProcedure } from "./list-constellations";
import { unarchiveConstellationProcedure } from "./unarchive-constellation";
import { listConstellationsInAppProcedure } from "./list-constellations-in-app";

export const constellationsRouter = createRouter({
  list: listConstellationsProcedure,
  create: createConstellationProcedure,
  archive: archiveConstellationProcedure,
  unarchive: unarchiveConstellationProcedure,
  listInApp: listConstellationsInAppProcedure,
});
