import { adminProcedure } from "@/server/api/procedures";
import { listProjectMemberRates } from "@/server/services/rates/rates";
import { listProjectMemberRatesInput, listProjectMemberRatesOutput } from "@/server/contract/rates";

/** The members with a rate of their own on the project (GET /api/app/constellations/:id/member-rates). */
export const listProjectMemberRatesProcedure = adminProcedure
  .input(listProjectMemberRatesInput)
  .output(listProjectMemberRatesOutput)
  .query(({ ctx, input }) => listProjectMemberRates(ctx.db, ctx.actor, input));
