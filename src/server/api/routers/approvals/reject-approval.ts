import { adminProcedure } from "@/server/api/procedures";
import { auditByUser } from "@/server/api/audit-context";
import { decideApproval } from "@/server/services/approvals/approvals";
import { approvalSchema, rejectApprovalInput } from "@/server/contract/approval";

/** Rejects a submitted week with a note (mailed to the member when mail is configured); they may change it and submit again. */
export const rejectApprovalProcedure = adminProcedure
  .input(rejectApprovalInput)
  .output(approvalSchema)
  .mutation(({ ctx, input }) => decideApproval(ctx.db, ctx.actor, auditByUser(ctx, ctx.actor), "reject", input));
