import { publicProcedure } from "@/server/api/procedures";
import { getInvite } from "@/server/services/auth/invites";
import { inviteSchema, inviteTokenInput } from "@/server/contract/invite";

/** What the invite page shows (no session): the email, role, organization and who invited; a used or expired link is a 404. */
export const getInviteProcedure = publicProcedure
  .input(inviteTokenInput)
  .output(inviteSchema)
  .query(({ ctx, input }) => getInvite(ctx.db, input.token));
