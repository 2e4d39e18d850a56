import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { paginationSchema } from "@/server/api/v1-schemas";
import { listConstellationsInApp } from "@/server/services/constellations/constellations";
import { constellationInAppSchema, listConstellationsInAppInput } from "./constellations.schema";

/** The web app's project list for any member: newest first, search, customer filter, archived on request. */
export const listConstellationsInAppProcedure = sessionProcedure
  .input(listConstellationsInAppInput)
  .output(z.object({ items: z.array(constellationInAppSchema), pagination: paginationSchema }))
  .query(({ ctx, input }) => listConstellationsInApp(ctx.db, ctx.actor, input));
