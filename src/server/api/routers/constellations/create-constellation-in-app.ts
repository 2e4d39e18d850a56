import { sessionProcedure } from "@/server/api/procedures";
import { createConstellation, getConstellationInApp } from "@/server/services/constellations/constellations";
import { canonicalConstellation, constellationInAppSchema, createConstellationInAppInput } from "@/server/contract/constellation";

/** Any member creates a project; the signed-in user becomes its owner. */
export const createConstellationInAppProcedure = sessionProcedure
  .input(createConstellationInAppInput)
  .output(constellationInAppSchema)
  .mutation(async ({ ctx, input }) => {
    const created = await createConstellation(
      ctx.db,
      ctx.actor,
      canonicalConstellation(input),
      ctx.actor.userId,
    );
    return getConstellationInApp(ctx.db, ctx.actor, created.id);
  });
