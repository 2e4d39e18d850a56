import { createRouter } from "@/server/api/trpc";
import { submitApprovalProcedure } from "./submit-approval";
import { listApprovalsProcedure } from "./list-approvals";
import { approveApprovalProcedure } from "./approve-approval";
import { rejectApprovalProcedure } from "./reject-approval";
import { reopenApprovalProcedure } from "./reopen-approval";

export const approvalsRouter = createRouter({
  submit: submitApprovalProcedure,
  list: listApprovalsProcedure,
  approve: approveApprovalProcedure,
  reject: rejectApprovalProcedure,
  reopen: reopenApprovalProcedure,
});
