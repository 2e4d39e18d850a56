import { sessionProcedure } from "@/server/api/procedures";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { setConstellationArchived } from "@/server/services/constellations/constellations";
import { constellationByIdInput, constellationSchema } from "@/server/contract/constellation";

/** Hides the project from lists and changes no data; admins, or members when the organization allows it. */
export const archiveConstellationProcedure = sessionProcedure
  .use(customerManagers)
  .input(constellationByIdInput)
  .output(constellationSchema)
  .mutation(({ ctx, input }) => setConstellationArchived(ctx.db, ctx.actor, input.id, true));
