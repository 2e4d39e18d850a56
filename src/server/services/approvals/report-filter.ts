// Reports filtered by their logs' approval state (app-api sections 12 and 16): `approved` counts only
// logs whose week is approved, `submitted` only those whose week awaits a decision, `none` the rest
// (never submitted, rejected or reopened). A log's week is the one it starts in, in its member's zone
// from their week start, computed in SQL the way `weekStartOf` does in week-locks.ts.
import { Prisma } from "@/generated/prisma/client";
import type { ReportApprovalState } from "@/server/contract/approval";

/** How a report names the filter in force. */
export const REPORT_APPROVAL_LABELS: Record<ReportApprovalState, string> = { approved: "Approved weeks", submitted: "Weeks awaiting approval", none: "Weeks not submitted" };

/** The first day of the week of the log read as `l`, for its member `u`. */
const LOG_WEEK_START_SQL = Prisma.sql`(((l."startedAt" AT TIME ZONE 'UTC') AT TIME ZONE u."timeZone")::date
  - CASE WHEN u."weekStart" = 'monday'
      THEN extract(isodow FROM ((l."startedAt" AT TIME ZONE 'UTC') AT TIME ZONE u."timeZone"))::int - 1
      ELSE extract(dow FROM ((l."startedAt" AT TIME ZONE 'UTC') AT TIME ZONE u."timeZone"))::int END)`;

/** Whether the log read as `l` lies in a week of `status` (one lookup on the approvals' unique index). */
const inWeekOf = (status: "approved" | "submitted") => Prisma.sql`EXISTS (SELECT 1 FROM "User" u JOIN "Approval" a
  ON a."organizationId" = l."organizationId" AND a."userId" = u."id" AND a."weekStart" = ${LOG_WEEK_START_SQL}
  WHERE u."id" = l."userId" AND u."organizationId" = l."organizationId" AND a."status" = ${status}::"ApprovalStatus")`;

/** The condition on the log read as `l` for a report's `approval` filter. */
export function logApprovalSql(state: ReportApprovalState): Prisma.Sql {
  if (state === "none") return Prisma.sql`NOT ${inWeekOf("approved")} AND NOT ${inWeekOf("submitted")}`;
  return inWeekOf(state);
}
