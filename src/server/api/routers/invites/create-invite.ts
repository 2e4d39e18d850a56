import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { createInvite } from "@/server/services/auth/invites";
import { createInviteInput, inviteLinkSchema } from "@/server/contract/invite";

/** Invites an email with a role: the link `<origin>/invite/<token>` (7 days, once), mailed when mail is configured. */
export const createInviteProcedure = adminProcedure
  .input(createInviteInput)
  .output(inviteLinkSchema)
  .mutation(({ ctx, input }) => createInvite(ctx.db, ctx.actor, input, ctx.origin, auditByUser(ctx, ctx.actor)));
