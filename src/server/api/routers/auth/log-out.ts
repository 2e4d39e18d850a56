import { z } from "zod";
import { publicProcedure } from "@/server/api/procedures";
import { revokeSessions } from "@/server/services/auth/account";

/** Revokes every session of the user (server-side session version), then clears the cookie. */
export const logOutProcedure = publicProcedure.output(z.object({ success: z.literal(true) })).mutation(async ({ ctx }) => {
  const userId = ctx.session.data?.userId;
  if (userId) await revokeSessions(ctx.db, userId);
  ctx.session.destroy();
  return { success: true as const };
});
