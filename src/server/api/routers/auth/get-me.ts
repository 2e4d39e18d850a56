import { sessionProcedure } from "@/server/api/procedures";
import { getAccount } from "@/server/services/auth/account";
import { accountOutput } from "@/server/contract/account";

export const getMeProcedure = sessionProcedure.output(accountOutput).query(({ ctx }) => getAccount(ctx.db, ctx.actor));
