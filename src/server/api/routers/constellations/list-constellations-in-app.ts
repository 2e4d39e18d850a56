import { sessionProcedure } from "@/server/api/procedures";
import { appBoolean, appPage } from "@/server/api/app-schemas";
import { listConstellationsInApp } from "@/server/services/constellations/constellations";
import { constellationInAppSchema, listConstellationsInput } from "@/server/contract/constellation";

/** The web app's project list and pickers: the public list's filters for any member, each project with its customer's name. */
export const listConstellationsInAppProcedure = sessionProcedure
  .input(listConstellationsInput.extend({ includeArchived: appBoolean() }))
  .output(appPage(constellationInAppSchema))
  .query(({ ctx, input }) => listConstellationsInApp(ctx.db, ctx.actor, input));
