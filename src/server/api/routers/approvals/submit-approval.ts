import { sessionProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { submitApproval } from "@/server/services/approvals/approvals";
import { approvalSchema, submitApprovalInput } from "@/server/contract/approval";

/** Submits a week of the caller's time (or a member's, for an admin) for approval. */
export const submitApprovalProcedure = sessionProcedure
  .input(submitApprovalInput)
  .output(approvalSchema)
  .mutation(({ ctx, input }) => submitApproval(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), input));
