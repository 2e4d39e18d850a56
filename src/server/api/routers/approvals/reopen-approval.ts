import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { decideApproval } from "@/server/services/approvals/approvals";
import { approvalSchema, decideApprovalInput } from "@/server/contract/approval";

/** Reopens an approved week: its logs can be changed again, and the week submitted again. */
export const reopenApprovalProcedure = adminProcedure
  .input(decideApprovalInput)
  .output(approvalSchema)
  .mutation(({ ctx, input }) => decideApproval(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), "reopen", input));
