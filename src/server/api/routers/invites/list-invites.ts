import { adminProcedure } from "@/server/api/procedures";
import { appPage } from "@/server/api/app-schemas";
import { listPendingInvites } from "@/server/services/auth/invites";
import { listInvitesInput, pendingInviteSchema } from "@/server/contract/invite";

/** Invitations not accepted yet, newest first (admins; never a token). */
export const listInvitesProcedure = adminProcedure
  .input(listInvitesInput)
  .output(appPage(pendingInviteSchema))
  .query(({ ctx, input }) => listPendingInvites(ctx.db, ctx.actor, input));
