import { adminProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listPendingInvites } from "@/server/services/auth/invites";
import { listInvitesInput, pendingInviteSchema } from "@/server/contract/invite";

/** Invitations not accepted yet, newest first (admins; never a token). */
export const listInvitesProcedure = adminProcedure
  .input(listInvitesInput)
  .output(pageOf(pendingInviteSchema))
  .query(({ ctx, input }) => listPendingInvites(ctx.db, ctx.actor, input));
