import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { setMemberRole } from "@/server/services/auth/members";
import { memberSchema, setMemberRoleInput } from "@/server/contract/account";

/** Makes a member an admin or an admin a member; demoting the last active admin is a 409. */
export const setMemberRoleProcedure = adminProcedure
  .input(setMemberRoleInput)
  .output(memberSchema)
  .mutation(({ ctx, input }) => setMemberRole(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
