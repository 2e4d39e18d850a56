import { z } from "zod";
import { publicProcedure } from "@/server/api/procedures";
import { revokeUserSessions } from "@/server/services/auth/sessions";

/** Ends every session of the user (their records revoked), then clears the cookie. */
export const logOutProcedure = publicProcedure.output(z.object({ success: z.literal(true) })).mutation(async ({ ctx }) => {
  const userId = ctx.session.data?.userId;
  if (userId) await revokeUserSessions(ctx.db, userId);
  ctx.session.destroy();
  return { success: true as const };
});
