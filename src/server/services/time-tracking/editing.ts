// Editing and deleting time logs (app-api section 11). A member changes their own logs, an admin
// anyone's in the organization; any other log is a 404. A log billed by an invoice that is not void
// is locked (409), and so is one in a week its approval closes (week-locks.ts). Deletion is soft. Edits and deletes emit no events (the catalog has two types);
// the tasks' logged seconds follow every change.
import type { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient, Tx } from "@/server/db";
import { AppError, validationError } from "@/server/errors";
import { NOT_ON_LIVE_INVOICE } from "@/server/services/invoices/invoiced-logs";
import { END_BEFORE_START, lockingInvoice, lockSelect, serializeTimeLog, timeLogSelect, type TimeLogView, type UpdateTimeLogInput } from "@/server/contract/time-log";
import { MAX_LOG_SECONDS } from "@/lib/limits";
import type { Actor } from "@/server/services/auth/account";
import { recordAudit, type AuditContext } from "@/server/services/audit/record";
import { adjustTaskSeconds } from "./events";
import { logNotFound, visibleLogsWhere } from "./log-access";
import { resolveReferences } from "./references";
import { TIME_LOG_TRANSACTION } from "@/server/lib/transactions";
import { noticeCrossedBudgets } from "@/server/services/constellations/budgets";
import { mailNotices } from "@/server/operations/mail";
import { assertWeeksWritable } from "@/server/services/approvals/week-locks";

/** Not billed, or billed only by void invoices: the guard every write of a log carries. */
export const UNLOCKED: Prisma.TimeLogWhereInput = NOT_ON_LIVE_INVOICE;

export const lockedError = (invoiceNumber: string) =>
  new AppError("conflict", `This time entry is billed by invoice ${invoiceNumber} and can no longer be changed; void the invoice first.`);

const editableSelect = { ...timeLogSelect, ...lockSelect } as const satisfies Prisma.TimeLogSelect;

/** The log if the caller may see it, and so change it (locked or not), else a 404. */
export async function findEditableLog(db: DbClient, actor: Actor, id: string) {
  const log = await db.timeLog.findFirst({ where: { id, ...visibleLogsWhere(actor) }, select: editableSelect });
  if (!log) throw logNotFound();
  return log;
}

/**
 * Creating an invoice takes the organization row for update; a change of logs holds it shared, so
 * the two wait for each other and a log is never changed while an invoice is billing it.
 */
export async function holdInvoicing(tx: Tx, organizationId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR SHARE`;
}

async function findUnlockedLog(tx: Tx, actor: Actor, id: string) {
  await holdInvoicing(tx, actor.organizationId);
  const log = await findEditableLog(tx, actor, id);
  const invoice = lockingInvoice(log);
  if (invoice) throw lockedError(invoice);
  return log;
}

/**
 * Start, end and duration after a change. A new start or end without a duration recomputes the
 * duration (over 12 hours is a 400 on endedAt); a new duration without an end moves the end. An end
 * before the start is a 400 on endedAt.
 */
export function editedTimes(
  current: { startedAt: Date; endedAt: Date | null; durationSeconds: number },
  input: Pick<UpdateTimeLogInput, "startedAt" | "endedAt" | "durationSeconds">,
): { startedAt: Date; endedAt: Date | null; durationSeconds: number } {
  if (input.startedAt === undefined && input.endedAt === undefined && input.durationSeconds === undefined) {
    return { startedAt: current.startedAt, endedAt: current.endedAt, durationSeconds: current.durationSeconds };
  }
  const startedAt = input.startedAt ?? current.startedAt;
  const endAfter = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
  const endedAt = input.endedAt ?? (input.durationSeconds === undefined ? (current.endedAt ?? endAfter(current.durationSeconds)) : endAfter(input.durationSeconds));
  if (endedAt < startedAt) throw validationError("endedAt", END_BEFORE_START);
  if (input.durationSeconds !== undefined) return { startedAt, endedAt, durationSeconds: input.durationSeconds };
  const durationSeconds = Math.floor((endedAt.getTime() - startedAt.getTime()) / 1000);
  if (durationSeconds > MAX_LOG_SECONDS) throw validationError("endedAt", "A time log can be at most 12 hours");
  return { startedAt, endedAt, durationSeconds };
}

export async function updateTimeLog(db: Db, actor: Actor, input: UpdateTimeLogInput): Promise<TimeLogView> {
  const { log, notices } = await db.$transaction(async (tx) => {
    const current = await findUnlockedLog(tx, actor, input.id);
    const times = editedTimes(current, input);
    // Both weeks count when a log moves: the one it leaves and the one it joins.
    await assertWeeksWritable(tx, actor, [
      { userId: current.userId, startedAt: current.startedAt, field: "startedAt" },
      { userId: current.userId, startedAt: times.startedAt, field: "startedAt" },
    ]);
    const [references] = await resolveReferences(tx, actor.organizationId, [{ ...input, base: current }]);
    const updated = await tx.timeLog.updateManyAndReturn({
      where: { id: current.id, ...visibleLogsWhere(actor), ...UNLOCKED },
      data: {
        ...references!,
        ...times,
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.tags === undefined ? {} : { tags: input.tags }),
        ...(input.isBillable === undefined ? {} : { isBillable: input.isBillable }),
        updatedAt: new Date(),
      },
      select: timeLogSelect,
    });
    if (!updated[0]) {
      // Billed or deleted between the read and the write: answer as if it had been so before.
      await findUnlockedLog(tx, actor, input.id);
      throw logNotFound();
    }
    await adjustTaskSeconds(tx, actor.organizationId, [updated[0]], [current]);
    return { log: serializeTimeLog(updated[0]), notices: await noticeCrossedBudgets(tx, actor.organizationId, [updated[0]]) };
  }, TIME_LOG_TRANSACTION);
  void mailNotices(db, notices);
  return log;
}

/**
 * Soft-deletes logs read (and checked) in this transaction; one changed meanwhile makes it a 409. Every
 * deletion passes here, so each log of another member (an admin's deletion) gets its `time_log.deleted`
 * entry in the same transaction.
 */
export async function softDeleteLogs(tx: Tx, actor: Actor, logs: readonly { id: string; taskId: string | null; durationSeconds: number; isBillable: boolean }[], audit: AuditContext) {
  if (!logs.length) return;
  const now = new Date();
  const deleted = await tx.timeLog.updateManyAndReturn({
    where: { id: { in: logs.map((log) => log.id) }, organizationId: actor.organizationId, deletedAt: null, ...UNLOCKED },
    data: { deletedAt: now, updatedAt: now },
    select: { id: true, userId: true, description: true, startedAt: true, durationSeconds: true, user: { select: { email: true } } },
  });
  if (deleted.length !== logs.length) throw new AppError("conflict", "Some of these time entries changed meanwhile; reload and try again.");
  for (const log of deleted) {
    if (log.userId === actor.userId) continue;
    await recordAudit(tx, audit, {
      action: "time_log.deleted",
      target: { type: "time_log", id: log.id, label: log.description || null },
      metadata: { userId: log.userId, userEmail: log.user.email, startedAt: log.startedAt.toISOString(), durationSeconds: log.durationSeconds },
    });
  }
  await adjustTaskSeconds(tx, actor.organizationId, [], logs);
}

export async function deleteTimeLog(db: Db, actor: Actor, id: string, audit: AuditContext): Promise<{ success: true; id: string }> {
  return db.$transaction(async (tx) => {
    const log = await findUnlockedLog(tx, actor, id);
    await assertWeeksWritable(tx, actor, [{ userId: log.userId, startedAt: log.startedAt, field: "id" }]);
    await softDeleteLogs(tx, actor, [log], audit);
    return { success: true as const, id: log.id };
  }, TIME_LOG_TRANSACTION);
}
