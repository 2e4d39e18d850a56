import { z } from "zod";
import { setupSessionProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { revokeUserSessions } from "@/server/services/auth/sessions";

/** DELETE /api/app/me/sessions: every session of the caller but this one is signed out at once. */
export const revokeOtherSessionsProcedure = setupSessionProcedure
  .output(z.object({ success: z.literal(true), revoked: z.number().int() }))
  .mutation(async ({ ctx }) => {
    const revoked = await ctx.db.$transaction((tx) => revokeUserSessions(tx, ctx.actor.userId, ctx.actor.sessionId, auditByUser(ctx, ctx.actor)));
    return { success: true as const, revoked };
  });
