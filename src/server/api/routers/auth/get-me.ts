import { setupSessionProcedure } from "@/server/api/procedures";
import { getAccount } from "@/server/services/auth/account";
import { accountOutput } from "@/server/contract/account";

/** Also reachable before a required two-factor setup: the web app needs who is signed in to send them there. */
export const getMeProcedure = setupSessionProcedure.output(accountOutput).query(({ ctx }) => getAccount(ctx.db, ctx.actor));
