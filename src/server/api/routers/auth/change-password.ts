import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { changePassword } from "@/server/services/auth/account";
import { changePasswordInput } from "@/server/contract/account";

/** New password; every other session of the user is revoked, the caller's is re-issued and stays signed in. */
export const changePasswordProcedure = sessionProcedure
  .input(changePasswordInput)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const { sessionVersion } = await changePassword(ctx.db, ctx.actor, input, { address: ctx.clientAddress });
    await ctx.session.save({ userId: ctx.actor.userId, version: sessionVersion });
    return { success: true as const };
  });
