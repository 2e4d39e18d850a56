import { sessionProcedure } from "@/server/api/procedures";
import { setConstellationArchived } from "@/server/services/constellations/constellations";
import { constellationByIdInput, constellationSchema } from "@/server/contract/constellation";

/** Any member may archive: it hides the project from lists and changes no data. */
export const archiveConstellationProcedure = sessionProcedure
  .input(constellationByIdInput)
  .output(constellationSchema)
  .mutation(({ ctx, input }) => setConstellationArchived(ctx.db, ctx.actor, input.id, true));
