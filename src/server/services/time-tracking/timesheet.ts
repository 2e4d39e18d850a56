// The timesheet (app-api section 11): one user's week as rows of (task, customer, project) by day, days
// in that user's time zone from that user's week start (an admin sees a member's days as the member
// does). Setting a cell adds the difference as a manual log through the sync path (so it emits
// `time_log.created`), placed after the user's last entry of that day (placement.ts), or shortens the row's newest unlocked logs of that day, deleting those that
// reach 0. A change that would need a locked log is a 409.
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient, Tx } from "@/server/db";
import { AppError, invalidFields, unknownReference } from "@/server/errors";
import { addDays, startOfZonedDay, weekDates, type DateString } from "@/lib/time-zone";
import { MAX_LOG_SECONDS } from "@/lib/limits";
import type { GetTimesheetInput, SetTimesheetCellInput, TimesheetRowView, TimesheetView } from "@/server/contract/timesheet";
import type { SyncEntryInput } from "@/server/contract/time-log";
import type { Actor } from "@/server/services/auth/account";
import type { AuditContext } from "@/server/services/audit/record";
import { requestedLogOwner, scopeWhere } from "./log-access";
import { lockingInvoice } from "@/server/contract/time-log";
import { holdInvoicing, lockedError, softDeleteLogs, UNLOCKED } from "./editing";
import { adjustTaskSeconds } from "./events";
import { commitEntries } from "./sync";
import { resolveReferences, type ResolvedReferences } from "./references";
import { noticeCrossedBudgets } from "@/server/services/constellations/budgets";
import { mailNotices } from "@/server/operations/mail";
import { labelDescription, lastEndsOfDays, placeInDay, zonedDay } from "./placement";
import { TIME_LOG_TRANSACTION } from "@/server/lib/transactions";
import { assertWeeksWritable } from "@/server/services/approvals/week-locks";

const timesheetLogSelect = {
  id: true,
  taskId: true,
  customerId: true,
  constellationId: true,
  startedAt: true,
  durationSeconds: true,
  isBillable: true,
  task: { select: { title: true, deletedAt: true } },
  customer: { select: { name: true } },
  constellation: { select: { title: true } },
  invoiceLine: { select: { invoice: { select: { number: true, status: true } } } },
} as const satisfies Prisma.TimeLogSelect;

type TimesheetLog = Prisma.TimeLogGetPayload<{ select: typeof timesheetLogSelect }>;

interface Week {
  days: DateString[];
  /** The first instant of each day and of the day after the week. */
  bounds: Date[];
}

/** Whose timesheet: the caller's, or for an admin a member of the organization (another's asked by a member → 403). */
async function timesheetUser(db: DbClient, actor: Actor, requested: string | undefined): Promise<string> {
  const userId = requestedLogOwner(actor, requested) ?? actor.userId;
  if (userId !== actor.userId && !(await db.user.findFirst({ where: { id: userId, organizationId: actor.organizationId }, select: { id: true } }))) {
    throw invalidFields([unknownReference("userId", "member")]);
  }
  return userId;
}

/** The week holding `day` in the timesheet user's zone, from their week start. */
async function weekOf(db: DbClient, actor: Actor, userId: string, day: DateString): Promise<Week & { timeZone: string }> {
  const { timeZone, weekStart } = await db.user.findFirstOrThrow({ where: { id: userId, organizationId: actor.organizationId }, select: { timeZone: true, weekStart: true } });
  const days = weekDates(day, weekStart);
  return { days, bounds: [...days, addDays(days[6]!, 1)].map((date) => startOfZonedDay(date, timeZone)), timeZone };
}

const rowKey = (row: ResolvedReferences) => `${row.taskId ?? ""}|${row.customerId ?? ""}|${row.constellationId ?? ""}`;

type RowNames = Pick<TimesheetLog, "task" | "customer" | "constellation">;

/** The task's title and/or the customer's name, else the project's title. */
function rowLabel(names: RowNames): string {
  const title = names.task && !names.task.deletedAt ? names.task.title : null;
  return [title, names.customer?.name].filter(Boolean).join(" · ") || names.constellation?.title || "No task";
}

function emptyRow(row: ResolvedReferences, names: RowNames): TimesheetRowView {
  return { ...row, projectName: names.constellation?.title ?? null, label: rowLabel(names), seconds: Array(7).fill(0), locked: Array(7).fill(false) };
}

/** Rows of one task and customer under different projects would share a label: each gets its project's name. */
function disambiguate(rows: TimesheetRowView[]): void {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.label, (counts.get(row.label) ?? 0) + 1);
  for (const row of rows) if (counts.get(row.label)! > 1) row.label = `${row.label} · ${row.projectName ?? "no project"}`;
}

/** Rows ordered by label, each day's seconds and whether a locked log lies in it. */
function buildTimesheet(week: Week, logs: readonly TimesheetLog[]): TimesheetView {
  const rows = new Map<string, TimesheetRowView>();
  for (const log of logs) {
    const day = week.bounds.findIndex((bound, index) => index < 7 && log.startedAt >= bound && log.startedAt < week.bounds[index + 1]!);
    if (day < 0) continue;
    const key = rowKey(log);
    let row = rows.get(key);
    if (!row) {
      row = emptyRow({ taskId: log.taskId, customerId: log.customerId, constellationId: log.constellationId }, log);
      rows.set(key, row);
    }
    row.seconds[day]! += log.durationSeconds;
    if (lockingInvoice(log)) row.locked[day] = true;
  }
  const all = [...rows.values()];
  disambiguate(all);
  const sorted = all.sort((a, b) => a.label.localeCompare(b.label) || rowKey(a).localeCompare(rowKey(b)));
  const totals = week.days.map((_, day) => sorted.reduce((sum, row) => sum + row.seconds[day]!, 0));
  return { days: week.days, rows: sorted, totals };
}

function weekLogs(db: DbClient, actor: Actor, userId: string, week: Week, where: Prisma.TimeLogWhereInput = {}) {
  return db.timeLog.findMany({
    where: { ...scopeWhere({ organizationId: actor.organizationId, userId }), startedAt: { gte: week.bounds[0]!, lt: week.bounds[7]! }, ...where },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    select: timesheetLogSelect,
  });
}

export async function getTimesheet(db: DbClient, actor: Actor, input: GetTimesheetInput): Promise<TimesheetView> {
  const userId = await timesheetUser(db, actor, input.userId);
  const week = await weekOf(db, actor, userId, input.week);
  return buildTimesheet(week, await weekLogs(db, actor, userId, week));
}

/** The cell's row: an omitted project or customer derived as for any log; ids given in full are taken as they are. */
async function cellRow(tx: Tx, actor: Actor, input: SetTimesheetCellInput): Promise<ResolvedReferences> {
  const taskId = input.taskId ?? null;
  if (input.customerId !== undefined && input.constellationId !== undefined) return { taskId, customerId: input.customerId, constellationId: input.constellationId };
  const [row] = await resolveReferences(tx, actor.organizationId, [{ taskId, customerId: input.customerId, constellationId: input.constellationId }]);
  return row!;
}

/** Sets one cell to `seconds` and answers its row for the cell's week (its label as the week alone would give it). */
export async function setTimesheetCell(db: Db, actor: Actor, input: SetTimesheetCellInput, audit: AuditContext): Promise<TimesheetRowView> {
  let notices: string[] = [];
  const row = await db.$transaction(async (tx) => {
    await holdInvoicing(tx, actor.organizationId);
    const userId = await timesheetUser(tx, actor, input.userId);
    const cell = await cellRow(tx, actor, input);
    const { taskId, customerId, constellationId } = cell;
    const week = await weekOf(tx, actor, userId, input.day);
    const index = week.days.indexOf(input.day);
    const dayStart = week.bounds[index]!;
    await assertWeeksWritable(tx, actor, [{ userId, startedAt: dayStart, field: "day" }]);
    const dayLogs = await weekLogs(tx, actor, userId, week, { taskId, customerId, constellationId, startedAt: { gte: dayStart, lt: week.bounds[index + 1]! } });
    const difference = input.seconds - dayLogs.reduce((sum, log) => sum + log.durationSeconds, 0);

    if (difference > 0) {
      // The difference as manual logs, in pieces of at most 12 hours one after the other, placed in the
      // day after the person's last entry (or at 09:00) and described by the row's task or customer.
      const day = zonedDay(input.day, week.timeZone);
      const lastEndOf = await lastEndsOfDays(tx, actor.organizationId, [{ userId, day }]);
      const start = placeInDay(day, lastEndOf(userId, day), difference).getTime();
      const names = await rowNames(tx, actor, cell);
      const description = labelDescription({ task: names.task && !names.task.deletedAt ? names.task.title : null, customer: names.customer?.name, project: names.constellation?.title });
      const entries: SyncEntryInput[] = [];
      for (let offset = 0; offset < difference; offset += MAX_LOG_SECONDS) {
        entries.push({
          clientSessionId: `timesheet:${randomUUID()}`,
          taskId,
          customerId,
          constellationId,
          description,
          startedAt: new Date(start + offset * 1000),
          durationSeconds: Math.min(MAX_LOG_SECONDS, difference - offset),
          source: "manual",
        });
      }
      notices = await noticeCrossedBudgets(tx, actor.organizationId, await commitEntries(tx, actor.organizationId, userId, entries));
    } else if (difference < 0) {
      await shortenNewestFirst(tx, actor, dayLogs, -difference, audit);
    }

    const row = buildTimesheet(week, await weekLogs(tx, actor, userId, week, { taskId, customerId, constellationId })).rows[0];
    return row ?? emptyRow(cell, await rowNames(tx, actor, cell));
  }, TIME_LOG_TRANSACTION);
  void mailNotices(db, notices);
  return row;
}

/** Takes `seconds` off the unlocked logs, newest first; logs that reach 0 are deleted. */
async function shortenNewestFirst(tx: Tx, actor: Actor, logs: readonly TimesheetLog[], seconds: number, audit: AuditContext) {
  const unlocked = logs.filter((log) => !lockingInvoice(log));
  if (unlocked.reduce((sum, log) => sum + log.durationSeconds, 0) < seconds) {
    throw lockedError(lockingInvoice(logs.find((log) => lockingInvoice(log))!)!);
  }
  let remaining = seconds;
  const emptied: TimesheetLog[] = [];
  for (const log of unlocked) {
    if (remaining === 0) break;
    const taken = Math.min(remaining, log.durationSeconds);
    remaining -= taken;
    if (taken === log.durationSeconds) {
      emptied.push(log);
      continue;
    }
    const durationSeconds = log.durationSeconds - taken;
    const { count } = await tx.timeLog.updateMany({
      where: { id: log.id, organizationId: actor.organizationId, deletedAt: null, ...UNLOCKED },
      data: { durationSeconds, endedAt: new Date(log.startedAt.getTime() + durationSeconds * 1000), updatedAt: new Date() },
    });
    if (count !== 1) throw new AppError("conflict", "This time entry changed meanwhile; reload and try again.");
    await adjustTaskSeconds(tx, actor.organizationId, [{ ...log, durationSeconds }], [log]);
  }
  await softDeleteLogs(tx, actor, emptied, audit);
}

async function rowNames(db: DbClient, actor: Actor, { taskId, customerId, constellationId }: ResolvedReferences): Promise<RowNames> {
  const [task, customer, constellation] = await Promise.all([
    taskId ? db.task.findFirst({ where: { id: taskId, organizationId: actor.organizationId }, select: { title: true, deletedAt: true } }) : null,
    customerId ? db.customer.findFirst({ where: { id: customerId, organizationId: actor.organizationId }, select: { name: true } }) : null,
    constellationId ? db.constellation.findFirst({ where: { id: constellationId, organizationId: actor.organizationId }, select: { title: true } }) : null,
  ]);
  return { task, customer, constellation };
}
