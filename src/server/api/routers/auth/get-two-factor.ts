import { setupSessionProcedure } from "@/server/api/procedures";
import { getTwoFactorStatus } from "@/server/services/auth/two-factor";
import { twoFactorStatusSchema } from "@/server/contract/two-factor";

/** GET /api/app/me/two-factor: whether two-factor is on, required by the organization, and recovery codes left. */
export const getTwoFactorProcedure = setupSessionProcedure.output(twoFactorStatusSchema).query(({ ctx }) => getTwoFactorStatus(ctx.db, ctx.actor));
