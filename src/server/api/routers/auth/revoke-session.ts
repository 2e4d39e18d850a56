import { z } from "zod";
import { setupSessionProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { revokeSession } from "@/server/services/auth/sessions";
import { sessionIdInput } from "@/server/contract/session";

/** DELETE /api/app/me/sessions/:id: that session is signed out at once (its next request is a 401). */
export const revokeSessionProcedure = setupSessionProcedure
  .input(sessionIdInput)
  .output(z.object({ success: z.literal(true), id: z.string() }))
  .mutation(async ({ ctx, input }) => {
    await revokeSession(ctx.db, ctx.actor, input.id, auditByUser(ctx, ctx.actor));
    return { success: true as const, id: input.id };
  });
