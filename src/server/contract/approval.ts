// Weekly approvals (app-api section 16): a member's week submitted, then approved, rejected with a note
// or reopened by an admin. The view, the submission, the list's filters and a decision's body.
import { MAX_APPROVAL_NOTE_LENGTH } from "@/lib/limits";
import { z } from "zod";
import { isDateString } from "@/lib/time-zone";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, timestampSchema } from "@/server/lib/zod";

export const APPROVAL_STATUSES = ["submitted", "approved", "rejected", "reopened"] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatusValue = z.output<typeof approvalStatusSchema>;

/** A report's filter by its logs' approval state (`none`: never submitted, rejected or reopened). */
export const REPORT_APPROVAL_STATES = ["approved", "submitted", "none"] as const;
export type ReportApprovalState = (typeof REPORT_APPROVAL_STATES)[number];

/** The longest note an admin writes on a decision. */

const dateInput = z.string().refine(isDateString, "Give a date as YYYY-MM-DD");

export const approvalSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The member's name, as the Approvals page lists it. */
  userName: z.string(),
  /** The week's first day (YYYY-MM-DD) in the member's zone, from their week start. */
  weekStart: z.string(),
  status: approvalStatusSchema,
  /** The week's tracked seconds. */
  seconds: z.number().int(),
  submittedAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
  /** The id of the admin who decided last. */
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type ApprovalView = z.output<typeof approvalSchema>;

export const submitApprovalInput = z.object({
  /** Any day of the week. */
  week: dateInput,
  /** Admins, to submit a member's week. */
  userId: idInput.optional(),
});
export type SubmitApprovalInput = z.output<typeof submitApprovalInput>;

export const listApprovalsInput = z.object({
  status: approvalStatusSchema.optional(),
  userId: idInput.optional(),
  /** Any day of the week. */
  week: dateInput.optional(),
  ...paginationInput("approvals"),
});
export type ListApprovalsInput = z.output<typeof listApprovalsInput>;

const noteInput = z.string().trim().max(MAX_APPROVAL_NOTE_LENGTH, `A note has at most ${MAX_APPROVAL_NOTE_LENGTH} characters`);

export const decideApprovalInput = z.object({ id: idInput, note: noteInput.optional() });
export type DecideApprovalInput = z.output<typeof decideApprovalInput>;

/** Rejecting says why: the member reads the note (and gets it by mail when mail is configured). */
const WHY_REJECTED = "Say why the week is rejected";
export const rejectApprovalInput = z.object({
  id: idInput,
  note: z.string({ error: WHY_REJECTED }).trim().min(1, WHY_REJECTED).max(MAX_APPROVAL_NOTE_LENGTH, `A note has at most ${MAX_APPROVAL_NOTE_LENGTH} characters`),
});
