import { adminProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listMemberRates } from "@/server/services/rates/rates";
import { listMemberRatesInput, memberRatesSchema } from "@/server/contract/rates";

/** Every member with their billable and cost rate, oldest first (Settings → Members). */
export const listMemberRatesProcedure = adminProcedure
  .input(listMemberRatesInput)
  .output(pageOf(memberRatesSchema))
  .query(({ ctx, input }) => listMemberRates(ctx.db, ctx.actor, input));
