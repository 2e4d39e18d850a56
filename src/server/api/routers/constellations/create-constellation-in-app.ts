import { sessionProcedure } from "@/server/api/procedures";
import { createConstellation, getConstellationInApp } from "@/server/services/constellations/constellations";
import { constellationInAppSchema, createConstellationInAppInput } from "./constellations.schema";

/** Any member creates a project; the signed-in user becomes its owner. */
export const createConstellationInAppProcedure = sessionProcedure
  .input(createConstellationInAppInput)
  .output(constellationInAppSchema)
  .mutation(async ({ ctx, input }) => {
    const created = await createConstellation(
      ctx.db,
      ctx.actor,
      { title: input.title, goal: input.goal ?? null, customerId: input.customerId ?? null, status: input.status ?? "planning", dueDate: input.dueDate ?? null },
      ctx.actor.userId,
    );
    return getConstellationInApp(ctx.db, ctx.actor, created.id);
  });
