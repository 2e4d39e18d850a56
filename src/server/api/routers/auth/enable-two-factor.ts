import { setupSessionProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { enableTwoFactor } from "@/server/services/auth/two-factor";
import { enableTwoFactorInput, recoveryCodesSchema } from "@/server/contract/two-factor";

/** POST /api/app/me/two-factor/enable: a right code turns it on; ten recovery codes, shown this once. */
export const enableTwoFactorProcedure = setupSessionProcedure
  .input(enableTwoFactorInput)
  .output(recoveryCodesSchema)
  .mutation(({ ctx, input }) => enableTwoFactor(ctx.db, ctx.actor, input.code, auditByUser(ctx, ctx.actor)));
