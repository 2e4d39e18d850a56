import { publicProcedure } from "@/server/api/procedures";
import { signInBrowser } from "@/server/api/sign-in";
import { signUp } from "@/server/services/auth/account";
import { accountOutput, signUpInput } from "@/server/contract/account";

/** Creates a user, its organization (plan free) and a session; the user is the organization's admin. */
export const signUpProcedure = publicProcedure
  .input(signUpInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await signUp(ctx.db, input, { address: ctx.clientAddress });
    await signInBrowser(ctx, account);
    return account;
  });
