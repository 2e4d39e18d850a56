import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { reactivateMember } from "@/server/services/auth/members";
import { memberIdInput, memberSchema } from "@/server/contract/account";

/** Lets a deactivated member log in again (their old sessions stay ended). */
export const reactivateMemberProcedure = adminProcedure
  .input(memberIdInput)
  .output(memberSchema)
  .mutation(({ ctx, input }) => reactivateMember(ctx.db, ctx.actor, input.userId, auditByUser(ctx, ctx.actor)));
