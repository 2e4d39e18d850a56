import { adminProcedure } from "@/server/api/procedures";
import { setProjectMemberRate } from "@/server/services/rates/rates";
import { projectMemberRateSchema, setProjectMemberRateInput } from "@/server/contract/rates";

/** Sets or clears a member's rate on one project (PUT /api/app/constellations/:id/member-rates/:userId). */
export const setProjectMemberRateProcedure = adminProcedure
  .input(setProjectMemberRateInput)
  .output(projectMemberRateSchema)
  .mutation(({ ctx, input }) => setProjectMemberRate(ctx.db, ctx.actor, input));
