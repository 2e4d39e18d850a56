import { auditByUser } from "@/server/api/audit-context";
import { adminProcedure } from "@/server/api/procedures";
import { addMember } from "@/server/services/auth/account";
import { addMemberInput, addMemberOutput } from "@/server/contract/account";

/** Adds a user to the caller's organization. */
export const addMemberProcedure = adminProcedure
  .input(addMemberInput)
  .output(addMemberOutput)
  .mutation(({ ctx, input }) => addMember(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
