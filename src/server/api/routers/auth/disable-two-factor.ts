import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { disableTwoFactor } from "@/server/services/auth/two-factor";
import { disableTwoFactorInput } from "@/server/contract/two-factor";

/** DELETE /api/app/me/two-factor: the password and a code (or a recovery code) turn it off. */
export const disableTwoFactorProcedure = sessionProcedure
  .input(disableTwoFactorInput)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor), { address: ctx.clientAddress });
    return { success: true as const };
  });
