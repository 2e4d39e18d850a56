import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { setPlan } from "@/server/services/auth/account";
import { setPlanInput, setPlanOutput } from "@/server/contract/account";

/** Stands in for the billing provider: switches the organization's plan. */
export const setPlanProcedure = adminProcedure
  .input(setPlanInput)
  .output(setPlanOutput)
  .mutation(({ ctx, input }) => setPlan(ctx.db, ctx.actor, input.plan, auditByUser(ctx, ctx.actor)));
