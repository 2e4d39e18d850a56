import { adminProcedure } from "@/server/api/procedures";
import { setMemberRates } from "@/server/services/rates/rates";
import { memberRatesSchema, setMemberRatesInput } from "@/server/contract/rates";

/** Sets or clears a member's billable and cost rate (PUT /api/app/members/:userId/rates). */
export const setMemberRatesProcedure = adminProcedure
  .input(setMemberRatesInput)
  .output(memberRatesSchema)
  .mutation(({ ctx, input }) => setMemberRates(ctx.db, ctx.actor, input));
