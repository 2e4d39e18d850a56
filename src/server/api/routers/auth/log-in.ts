import { publicProcedure } from "@/server/api/procedures";
import { logIn } from "@/server/services/auth/account";
import { accountOutput, logInInput } from "@/server/contract/account";

export const logInProcedure = publicProcedure
  .input(logInInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await logIn(ctx.db, input, { address: ctx.clientAddress });
    await ctx.session.save({ userId: account.user.id, version: account.sessionVersion });
    return account;
  });
