import { publicProcedure } from "@/server/api/procedures";
import { signInBrowser } from "@/server/api/sign-in";
import { logIn } from "@/server/services/auth/account";
import { accountOutput, logInInput } from "@/server/contract/account";

export const logInProcedure = publicProcedure
  .input(logInInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await logIn(ctx.db, input, { address: ctx.clientAddress, device: ctx.device.proof });
    await signInBrowser(ctx, account);
    return account;
  });
