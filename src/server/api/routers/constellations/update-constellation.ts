import { sessionProcedure } from "@/server/api/procedures";
import { updateConstellation } from "@/server/services/constellations/constellations";
import { constellationWithCustomerNameSchema, updateConstellationInput } from "@/server/contract/constellation";

/** Edits a project's title, goal, customer, status or due date; any member. */
export const updateConstellationProcedure = sessionProcedure
  .input(updateConstellationInput)
  .output(constellationWithCustomerNameSchema)
  .mutation(({ ctx, input: { id, ...changes } }) => updateConstellation(ctx.db, ctx.actor, id, changes));
