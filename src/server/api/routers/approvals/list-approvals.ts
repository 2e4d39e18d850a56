import { sessionProcedure } from "@/server/api/procedures";
import { pageOf } from "@/server/api/page-schema";
import { listApprovals } from "@/server/services/approvals/approvals";
import { approvalSchema, listApprovalsInput } from "@/server/contract/approval";

/** Weeks put up for approval, latest week first: an admin sees everyone's, a member their own. */
export const listApprovalsProcedure = sessionProcedure
  .input(listApprovalsInput)
  .output(pageOf(approvalSchema))
  .query(({ ctx, input }) => listApprovals(ctx.db, ctx.actor, input));
