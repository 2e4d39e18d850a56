// The one rule every write of a time log obeys (app-api section 16): a log belongs to the week it
// starts in, in its owner's zone from their week start. While that week is submitted only an admin may
// write it; once approved nobody may, until an admin reopens it. Every path that creates, changes,
// moves or deletes a log calls `assertWeeksWritable` (or `findWeekLocks`) inside its transaction.
//
// Race-free against a decision: a write holds its owners' user rows FOR SHARE until it commits, and a
// submission or decision takes the member's row FOR NO KEY UPDATE before it reads the approval. So an
// approval never lands between a write's check and its commit, nor a write between an approval's read
// and its commit. (Inserting a log only takes FOR KEY SHARE on its user, which neither lock blocks.)
import { Prisma, type Approval } from "@/generated/prisma/client";
import type { ApprovalStatus } from "@/generated/prisma/enums";
import type { DbClient } from "@/server/db";
import { AppError } from "@/server/errors";
import { weekDates, zonedDate, type DateString } from "@/lib/time-zone";
import type { Actor } from "@/server/services/auth/account";

/** A log being written: whose it is, when it starts (the old and the new start of a moved log are two), and the field an error names. */
export interface LogWrite {
  userId: string;
  startedAt: Date;
  field: string;
}

export interface WeekOwner {
  id: string;
  timeZone: string;
  weekStart: "monday" | "sunday";
}

/** The first day of the week holding `instant`, in the owner's zone from their week start. */
export function weekStartOf(owner: Pick<WeekOwner, "timeZone" | "weekStart">, instant: Date): DateString {
  return weekDates(zonedDate(instant, owner.timeZone), owner.weekStart)[0]!;
}

/** A `@db.Date` column's value as its `YYYY-MM-DD`. */
export const dateOfColumn = (value: Date): DateString => value.toISOString().slice(0, 10);

/** "24 Nov": a day as people read it, in the member's zone. */
export function shortDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone }).format(instant);
}

/** A write refused by the week it falls in, and the approval that refuses it. */
export interface WeekLock {
  write: LogWrite;
  index: number;
  approval: Pick<Approval, "id" | "status" | "weekStart" | "submittedAt" | "decidedAt">;
  message: string;
}

/**
 * Takes the owners' rows FOR SHARE (held until the caller's transaction ends, so call it in one; in id order, so two
 * writes never wait for each other crosswise) and answers their zones and week starts. A decision on
 * one of their weeks waits for this transaction, and this one for a decision under way.
 */
export async function holdWeeksOf(tx: DbClient, organizationId: string, userIds: readonly string[]): Promise<Map<string, WeekOwner>> {
  const ids = [...new Set(userIds)].sort();
  if (!ids.length) return new Map();
  const owners = await tx.$queryRaw<WeekOwner[]>`
    SELECT "id", "timeZone", "weekStart"::text AS "weekStart" FROM "User"
    WHERE "organizationId" = ${organizationId} AND "id" = ANY(${ids}::text[]) ORDER BY "id" FOR SHARE`;
  return new Map(owners.map((owner) => [owner.id, owner]));
}

/** The words a person reads when a week refuses a change. */
export function weekLockMessage(approval: WeekLock["approval"], timeZone: string): string {
  if (approval.status === "approved") {
    return `This week was approved on ${shortDay(approval.decidedAt ?? approval.submittedAt, timeZone)}; ask an admin to reopen it.`;
  }
  return `This week was submitted for approval on ${shortDay(approval.submittedAt, timeZone)}; ask an admin to reject it before changing its time.`;
}

/** The states of a week that refuse the actor's writes: approved for everyone, submitted for a member too. */
export const refusingStatuses = (actor: Pick<Actor, "role">): ApprovalStatus[] => (actor.role === "admin" ? ["approved"] : ["approved", "submitted"]);

/**
 * The same rule in SQL, for a statement that writes logs on the embedded database without a
 * transaction (its statements run one at a time, so a check inside the write's own statement is
 * race-free there): whether an approval refuses the actor's write of `userId`'s log in `weekStart`.
 */
export function refusingApprovalSql(actor: Pick<Actor, "organizationId" | "role">, userId: Prisma.Sql, weekStart: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "Approval" a WHERE a."organizationId" = ${actor.organizationId} AND a."userId" = ${userId}
    AND a."weekStart" = ${weekStart} AND a."status"::text = ANY(${refusingStatuses(actor)}::text[]))`;
}

/**
 * The writes the weeks refuse (see `refusingStatuses`), and the week each write falls in (null for an
 * owner not in the organization). Holds the owners' rows (see `holdWeeksOf`); one query reads every
 * week's approval.
 */
export async function checkWeeks(tx: DbClient, actor: Pick<Actor, "organizationId" | "role">, writes: readonly LogWrite[]): Promise<{ locks: WeekLock[]; weekStarts: (DateString | null)[] }> {
  if (!writes.length) return { locks: [], weekStarts: [] };
  const owners = await holdWeeksOf(tx, actor.organizationId, writes.map((write) => write.userId));
  const weekStarts = writes.map((write) => {
    const owner = owners.get(write.userId);
    return owner ? weekStartOf(owner, write.startedAt) : null;
  });
  const weeks = [...new Set(weekStarts.filter((week): week is DateString => week !== null))];
  const approvals = await tx.approval.findMany({
    where: {
      organizationId: actor.organizationId,
      userId: { in: [...owners.keys()] },
      weekStart: { in: weeks.map((week) => new Date(`${week}T00:00:00Z`)) },
      status: { in: refusingStatuses(actor) },
    },
    select: { id: true, userId: true, status: true, weekStart: true, submittedAt: true, decidedAt: true },
  });
  const byWeek = new Map(approvals.map((approval) => [`${approval.userId}|${dateOfColumn(approval.weekStart)}`, approval]));
  const locks = writes.flatMap((write, index) => {
    const approval = byWeek.get(`${write.userId}|${weekStarts[index]}`);
    if (!approval) return [];
    return [{ write, index, approval, message: weekLockMessage(approval, owners.get(write.userId)!.timeZone) }];
  });
  return { locks, weekStarts };
}

/** The writes the weeks refuse; see `checkWeeks`. */
export async function findWeekLocks(tx: DbClient, actor: Pick<Actor, "organizationId" | "role">, writes: readonly LogWrite[]): Promise<WeekLock[]> {
  return (await checkWeeks(tx, actor, writes)).locks;
}

/** A week's refusal as a detail: the field, and the week in words. */
function lockDetail(lock: WeekLock) {
  const state = lock.approval.status === "approved" ? "approved" : "submitted for approval";
  return { field: lock.write.field, message: `The week of ${dateOfColumn(lock.approval.weekStart)} is ${state}` };
}

/** The 409 for refused writes: the first one's words, a detail naming each refused field. */
export function weekLockedError(locks: readonly WeekLock[]): AppError {
  const details = [...new Map(locks.map(lockDetail).map((detail) => [`${detail.field}|${detail.message}`, detail])).values()];
  return new AppError("conflict", locks[0]!.message, { details });
}

/** Throws the 409 when any write falls in a week that refuses it; see `findWeekLocks`. */
export async function assertWeeksWritable(tx: DbClient, actor: Pick<Actor, "organizationId" | "role">, writes: readonly LogWrite[]): Promise<void> {
  const locks = await findWeekLocks(tx, actor, writes);
  if (locks.length) throw weekLockedError(locks);
}
