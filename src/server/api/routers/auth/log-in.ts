import { publicProcedure } from "@/server/api/procedures";
import { logIn } from "@/server/services/auth/account";
import { accountOutput, logInInput } from "./auth.schema";

export const logInProcedure = publicProcedure
  .input(logInInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await logIn(ctx.db, input);
    await ctx.session.save({ userId: account.user.id });
    return account;
  });
