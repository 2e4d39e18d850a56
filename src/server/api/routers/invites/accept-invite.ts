import { publicProcedure } from "@/server/api/procedures";
import { acceptInvite } from "@/server/services/auth/invites";
import { accountOutput } from "@/server/contract/account";
import { acceptInviteInput } from "@/server/contract/invite";

/** Creates the invited member with a name and a password and signs them in; the link then stops working. */
export const acceptInviteProcedure = publicProcedure
  .input(acceptInviteInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await acceptInvite(ctx.db, input);
    await ctx.session.save({ userId: account.user.id, version: account.sessionVersion });
    return account;
  });
