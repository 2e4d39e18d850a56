import { setupSessionProcedure } from "@/server/api/procedures";
import { setUpTwoFactor } from "@/server/services/auth/two-factor";
import { twoFactorSetupSchema } from "@/server/contract/two-factor";

/** POST /api/app/me/two-factor/setup: a new secret and its otpauth URI, pending until a code enables it. */
export const setUpTwoFactorProcedure = setupSessionProcedure.output(twoFactorSetupSchema).mutation(({ ctx }) => setUpTwoFactor(ctx.db, ctx.actor));
