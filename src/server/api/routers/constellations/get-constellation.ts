import { sessionProcedure } from "@/server/api/procedures";
import { getConstellationInApp } from "@/server/services/constellations/constellations";
import { constellationByIdInput, constellationInAppSchema } from "@/server/contract/constellation";

/** One project of the caller's organization, archived or not; anything else is 404. */
export const getConstellationProcedure = sessionProcedure
  .input(constellationByIdInput)
  .output(constellationInAppSchema)
  .query(({ ctx, input }) => getConstellationInApp(ctx.db, ctx.actor, input.id));
