import { sessionProcedure } from "@/server/api/procedures";
import { appBoolean, appPage } from "@/server/api/app-schemas";
import { listConstellations } from "@/server/services/constellations/constellations";
import { constellationSchema, listConstellationsInput } from "./constellations.schema";

/** The web app's project list and pickers: the public list's filters, for any signed-in member. */
export const listConstellationsInAppProcedure = sessionProcedure
  .input(listConstellationsInput.extend({ includeArchived: appBoolean() }))
  .output(appPage(constellationSchema))
  .query(({ ctx, input }) => listConstellations(ctx.db, ctx.actor, input));
