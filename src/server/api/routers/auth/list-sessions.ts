import { setupSessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listSessions } from "@/server/services/auth/sessions";
import { listSessionsInput, sessionSchema } from "@/server/contract/session";

/** GET /api/app/me/sessions: the caller's signed-in sessions, newest first; `current` marks this one. */
export const listSessionsProcedure = setupSessionProcedure
  .input(listSessionsInput)
  .output(pageOf(sessionSchema))
  .query(({ ctx, input }) => listSessions(ctx.db, ctx.actor, ctx.actor.sessionId, input));
