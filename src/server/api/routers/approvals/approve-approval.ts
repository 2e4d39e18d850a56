import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { decideApproval } from "@/server/services/approvals/approvals";
import { approvalSchema, decideApprovalInput } from "@/server/contract/approval";

/** Approves a submitted week: its logs are locked for everyone until it is reopened. */
export const approveApprovalProcedure = adminProcedure
  .input(decideApprovalInput)
  .output(approvalSchema)
  .mutation(({ ctx, input }) => decideApproval(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), "approve", input));
