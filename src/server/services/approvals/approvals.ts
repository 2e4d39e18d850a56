// Weekly approvals (app-api section 16). A member (or an admin for them) submits a week; an admin
// approves it, rejects it with a note (mailed to the member when mail is configured) or reopens an
// approved week. A rejected or reopened week can be submitted again. Each change and its audit entry
// are one transaction, which first takes the member's row (see week-locks.ts) so that no write of the
// member's logs runs beside it.
import { Prisma } from "@/generated/prisma/client";
import type { ApprovalStatus } from "@/generated/prisma/enums";
import type { Db, DbClient, Tx } from "@/server/db";
import { AppError, invalidFields, notFound, unknownReference } from "@/server/errors";
import { paginate } from "@/server/lib/cursor";
import type { Page } from "@/server/lib/envelope";
import { addDays, startOfZonedDay, weekDates, type DateString } from "@/lib/time-zone";
import { sendMail } from "@/server/operations/mail";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import type { AuditAction } from "@/server/services/audit/actions";
import type { Actor } from "@/server/services/auth/account";
import { requestedLogOwner } from "@/server/services/time-tracking/log-access";
import type { ApprovalView, DecideApprovalInput, ListApprovalsInput, SubmitApprovalInput } from "@/server/contract/approval";
import { dateOfColumn, shortDay, type WeekOwner } from "./week-locks";

const approvalSelect = {
  id: true,
  userId: true,
  weekStart: true,
  status: true,
  submittedAt: true,
  decidedAt: true,
  decidedById: true,
  note: true,
  user: { select: { name: true, timeZone: true } },
} as const satisfies Prisma.ApprovalSelect;

type ApprovalRow = Prisma.ApprovalGetPayload<{ select: typeof approvalSelect }>;

const approvalNotFound = () => notFound("Approval");

const columnDate = (date: DateString) => new Date(`${date}T00:00:00Z`);

/** The first instant of the week that starts on `weekStart` and of the week after, in the member's zone. */
function weekBounds(weekStart: DateString, timeZone: string): [Date, Date] {
  return [startOfZonedDay(weekStart, timeZone), startOfZonedDay(addDays(weekStart, 7), timeZone)];
}

/** Each approval's tracked seconds (logs starting in its week, not deleted), in one statement for a page. */
async function weekSeconds(db: DbClient, organizationId: string, rows: readonly ApprovalRow[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const bounds = rows.map((row) => weekBounds(dateOfColumn(row.weekStart), row.user.timeZone));
  const totals = await db.$queryRaw<Array<{ id: string; seconds: number }>>`
    SELECT w."id", coalesce(sum(t."durationSeconds"), 0)::int AS "seconds"
    FROM unnest(${rows.map((row) => row.id)}::text[], ${rows.map((row) => row.userId)}::text[],
      ${bounds.map(([start]) => start.toISOString())}::timestamp(3)[], ${bounds.map(([, end]) => end.toISOString())}::timestamp(3)[])
      AS w("id", "userId", "weekStart", "weekEnd")
    LEFT JOIN "TimeLog" t ON t."organizationId" = ${organizationId} AND t."userId" = w."userId"
      AND t."startedAt" >= w."weekStart" AND t."startedAt" < w."weekEnd" AND t."deletedAt" IS NULL
    GROUP BY w."id"`;
  return new Map(totals.map((total) => [total.id, total.seconds]));
}

function serializeApproval(row: ApprovalRow, seconds: number): ApprovalView {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.user.name,
    weekStart: dateOfColumn(row.weekStart),
    status: row.status,
    seconds,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedById,
    note: row.note,
  };
}

async function withSeconds(db: DbClient, organizationId: string, rows: readonly ApprovalRow[]): Promise<ApprovalView[]> {
  const seconds = await weekSeconds(db, organizationId, rows);
  return rows.map((row) => serializeApproval(row, seconds.get(row.id) ?? 0));
}

/**
 * Takes the member's row FOR NO KEY UPDATE for the rest of the transaction: writes of their logs
 * (holding it FOR SHARE) wait for the change, and the change for writes under way. Unknown → null.
 */
async function holdMemberForDecision(tx: Tx, organizationId: string, userId: string): Promise<(WeekOwner & { name: string; email: string }) | null> {
  const [member] = await tx.$queryRaw<Array<WeekOwner & { name: string; email: string }>>`
    SELECT "id", "name", "email", "timeZone", "weekStart"::text AS "weekStart" FROM "User"
    WHERE "organizationId" = ${organizationId} AND "id" = ${userId} FOR NO KEY UPDATE`;
  return member ?? null;
}

const auditTarget = (row: ApprovalRow) => ({ type: "approval", id: row.id, label: `${row.user.name}, week of ${dateOfColumn(row.weekStart)}` });

/** Submits the week holding `input.week` (in the member's zone, from their week start); already submitted or approved → 409. */
export async function submitApproval(db: Db, actor: Actor, audit: AuditContext, input: SubmitApprovalInput): Promise<ApprovalView> {
  const userId = requestedLogOwner(actor, input.userId) ?? actor.userId;
  return db.$transaction(async (tx) => {
    const member = await holdMemberForDecision(tx, actor.organizationId, userId);
    if (!member) throw invalidFields([unknownReference("userId", "member")]);
    const weekStart = columnDate(weekDates(input.week, member.weekStart)[0]!);
    const key = { organizationId: actor.organizationId, userId, weekStart };
    const existing = await tx.approval.findFirst({ where: key, select: { id: true, status: true } });
    if (existing?.status === "submitted" || existing?.status === "approved") {
      throw new AppError("conflict", existing.status === "approved" ? "This week is already approved." : "This week is already submitted for approval.", {
        details: [{ field: "week", message: `The week is already ${existing.status}` }],
      });
    }
    const submitted = { status: "submitted" as const, submittedAt: new Date(), decidedAt: null, decidedById: null, note: null };
    const row = existing
      ? await tx.approval.update({ where: { id: existing.id, organizationId: actor.organizationId }, data: submitted, select: approvalSelect })
      : await tx.approval.create({ data: { ...key, ...submitted }, select: approvalSelect });
    await recordAudit(tx, audit, { action: "approval.submitted", target: auditTarget(row), metadata: { userId, weekStart: dateOfColumn(row.weekStart), resubmitted: Boolean(existing) } });
    const [view] = await withSeconds(tx, actor.organizationId, [row]);
    return view!;
  });
}

/** Whose approvals the caller lists: an admin everyone's (or the member asked for), a member their own (another's → 403). */
export async function listApprovals(db: DbClient, actor: Actor, input: ListApprovalsInput): Promise<Page<ApprovalView>> {
  const userId = requestedLogOwner(actor, input.userId);
  // A week holds `week` when it starts on one of the 7 days up to it, whatever the member's week start.
  const weekStart = input.week ? { gte: columnDate(addDays(input.week, -6)), lte: columnDate(input.week) } : undefined;
  const page = await paginate(
    { kind: "approvals", sortField: "weekStart", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.approval.findMany({
        where: {
          organizationId: actor.organizationId,
          ...(userId ? { userId } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(weekStart ? { weekStart } : {}),
          AND: [args.where],
        },
        orderBy: args.orderBy,
        take: args.take,
        select: approvalSelect,
      }),
    (row) => row.weekStart,
  );
  return { items: await withSeconds(db, actor.organizationId, page.items), pagination: page.pagination };
}

type Decision = "approve" | "reject" | "reopen";

const DECISIONS: Record<Decision, { from: ApprovalStatus; to: ApprovalStatus; action: AuditAction; refusal: string }> = {
  approve: { from: "submitted", to: "approved", action: "approval.approved", refusal: "Only a submitted week can be approved." },
  reject: { from: "submitted", to: "rejected", action: "approval.rejected", refusal: "Only a submitted week can be rejected." },
  reopen: { from: "approved", to: "reopened", action: "approval.reopened", refusal: "Only an approved week can be reopened." },
};

/** An admin's decision on a week; a week not in the state the decision needs → 409. Rejecting mails the member the note. */
export async function decideApproval(db: Db, actor: Actor, audit: AuditContext, decision: Decision, input: DecideApprovalInput): Promise<ApprovalView> {
  const rule = DECISIONS[decision];
  const { view, member } = await db.$transaction(async (tx) => {
    const found = await tx.approval.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { userId: true } });
    if (!found) throw approvalNotFound();
    const member = await holdMemberForDecision(tx, actor.organizationId, found.userId);
    if (!member) throw approvalNotFound();
    // Read again under the member's row: the state a write or another decision may just have waited for.
    const [row] = await tx.approval.updateManyAndReturn({
      where: { id: input.id, organizationId: actor.organizationId, status: rule.from },
      data: { status: rule.to, decidedAt: new Date(), decidedById: actor.userId, note: input.note ?? null },
      select: approvalSelect,
    });
    if (!row) {
      throw new AppError("conflict", rule.refusal, { details: [{ field: "status", message: `The week is not ${rule.from}` }] });
    }
    await recordAudit(tx, audit, {
      action: rule.action,
      target: auditTarget(row),
      metadata: { userId: row.userId, weekStart: dateOfColumn(row.weekStart), from: rule.from, to: rule.to },
    });
    const [view] = await withSeconds(tx, actor.organizationId, [row]);
    return { view: view!, member };
  });
  if (decision === "reject") await mailRejection(view, member);
  return view;
}

/** Tells the member their week was rejected and why, when mail is configured (never fails the decision). */
async function mailRejection(view: ApprovalView, member: { email: string }): Promise<void> {
  const week = shortDay(new Date(`${view.weekStart}T12:00:00Z`), "UTC");
  await sendMail({
    to: [member.email],
    subject: `Your week of ${week} was rejected`,
    text: [`Your week of ${week} was rejected. The note:`, "", view.note ?? "", "", "Change its time and submit the week again from the timesheet."].join("\n"),
  });
}
