import { sessionProcedure } from "@/server/api/procedures";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { setConstellationArchived } from "@/server/services/constellations/constellations";
import { constellationByIdInput, constellationSchema } from "@/server/contract/constellation";

/** Brings an archived project back into lists (the Undo of an archive); who may archive may unarchive. */
export const unarchiveConstellationProcedure = sessionProcedure
  .use(customerManagers)
  .input(constellationByIdInput)
  .output(constellationSchema)
  .mutation(({ ctx, input }) => setConstellationArchived(ctx.db, ctx.actor, input.id, false));
