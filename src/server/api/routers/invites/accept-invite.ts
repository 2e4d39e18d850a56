import { publicProcedure } from "@/server/api/procedures";
import { signInBrowser } from "@/server/api/sign-in";
import { acceptInvite } from "@/server/services/auth/invites";
import { accountOutput } from "@/server/contract/account";
import { acceptInviteInput } from "@/server/contract/invite";

/** Creates the invited member with a name and a password and signs them in; the link then stops working. */
export const acceptInviteProcedure = publicProcedure
  .input(acceptInviteInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await acceptInvite(ctx.db, input, { address: ctx.clientAddress });
    await signInBrowser(ctx, account);
    return account;
  });
