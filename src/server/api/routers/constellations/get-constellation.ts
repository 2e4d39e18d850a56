import { sessionProcedure } from "@/server/api/procedures";
import { getConstellationWithCustomerName } from "@/server/services/constellations/constellations";
import { constellationByIdInput, constellationWithCustomerNameSchema } from "@/server/contract/constellation";

/** One project of the caller's organization, archived or not; anything else is 404. */
export const getConstellationProcedure = sessionProcedure
  .input(constellationByIdInput)
  .output(constellationWithCustomerNameSchema)
  .query(({ ctx, input }) => getConstellationWithCustomerName(ctx.db, ctx.actor, input.id));
