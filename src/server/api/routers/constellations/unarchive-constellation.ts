import { sessionProcedure } from "@/server/api/procedures";
import { setConstellationArchived } from "@/server/services/constellations/constellations";
import { constellationByIdInput, constellationSchema } from "@/server/contract/constellation";

export const unarchiveConstellationProcedure = sessionProcedure
  .input(constellationByIdInput)
  .output(constellationSchema)
  .mutation(({ ctx, input }) => setConstellationArchived(ctx.db, ctx.actor, input.id, false));
