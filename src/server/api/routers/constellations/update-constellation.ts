import { sessionProcedure } from "@/server/api/procedures";
import { customerManagers } from "@/server/api/middleware/customer-managers";
import { updateConstellation } from "@/server/services/constellations/constellations";
import { appProjectSchema, updateConstellationInput } from "@/server/contract/constellation";

/** Edits a project's title, goal, customer, status or due date; admins, or members when the organization allows it. */
export const updateConstellationProcedure = sessionProcedure
  .use(customerManagers)
  .input(updateConstellationInput)
  .output(appProjectSchema)
  .mutation(({ ctx, input: { id, ...changes } }) => updateConstellation(ctx.db, ctx.actor, id, changes));
