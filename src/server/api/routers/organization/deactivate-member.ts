import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { deactivateMember } from "@/server/services/auth/members";
import { memberIdInput, memberSchema } from "@/server/contract/account";

/** Ends the member's sessions and stops their logins; their time stays. The last active admin cannot be deactivated (409). */
export const deactivateMemberProcedure = adminProcedure
  .input(memberIdInput)
  .output(memberSchema)
  .mutation(({ ctx, input }) => deactivateMember(ctx.db, ctx.actor, input.userId, auditByUser(ctx, ctx.actor)));
