import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { getBudgetStatus } from "@/server/services/constellations/budgets";
import { budgetStatusSchema } from "@/server/contract/budget";
import { constellationByIdInput } from "@/server/contract/constellation";

/** The project's budget in its current period (null: no budget); money only for admins. */
export const getConstellationBudgetProcedure = sessionProcedure
  .input(constellationByIdInput)
  .output(z.union([budgetStatusSchema, z.null()]))
  .query(({ ctx, input }) => getBudgetStatus(ctx.db, ctx.actor, input.id));
