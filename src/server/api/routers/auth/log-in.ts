import { publicProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { signInBrowser } from "@/server/api/sign-in";
import { logIn } from "@/server/services/auth/account";
import { accountOutput, logInInput } from "@/server/contract/account";

/** Email and password, and the two-factor code when it is on; a right one starts a session. */
export const logInProcedure = publicProcedure
  .input(logInInput)
  .output(accountOutput)
  .mutation(async ({ ctx, input }) => {
    const account = await logIn(ctx.db, input, { address: ctx.clientAddress, device: ctx.device.proof, audit: (user) => auditByUser(ctx, user) });
    await signInBrowser(ctx, account, { loginMethod: "password" });
    return account;
  });
