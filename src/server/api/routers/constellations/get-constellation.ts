import { sessionProcedure } from "@/server/api/procedures";
import { getAppProject } from "@/server/services/constellations/constellations";
import { constellationByIdInput, appProjectSchema } from "@/server/contract/constellation";

/** One project of the caller's organization, archived or not; anything else is 404. */
export const getConstellationProcedure = sessionProcedure
  .input(constellationByIdInput)
  .output(appProjectSchema)
  .query(({ ctx, input }) => getAppProject(ctx.db, ctx.actor, input.id));
