import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { changePassword } from "@/server/services/auth/account";
import { changePasswordInput } from "@/server/contract/account";

/** New password; every other session of the user is revoked, the caller's stays signed in. */
export const changePasswordProcedure = sessionProcedure
  .input(changePasswordInput)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor), { address: ctx.clientAddress });
    return { success: true as const };
  });
