// Live timers: one running timer per user (RunningTimer.userId is unique). A running timer is not a
// time log; stopping it commits the log, its task counters and its event in one transaction. A client
// that was offline sends the instants of its clicks (startedAt, stoppedAt), checked by `clientInstant`.
import { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient } from "@/server/db";
import { AppError, validationError } from "@/server/errors";
import {
  runningTimerSelect,
  serializeRunningTimer,
  type RunningTimerView,
  type StartTimerInput,
  type UpdateTimerInput,
} from "@/server/contract/running-timer";
import { serializeTimeLog, type TimeLogView } from "@/server/contract/time-log";
import type { Actor } from "@/server/services/auth/account";
import { recordCommittedLogs } from "./events";
import { resolveReferences, type ResolvedReferences } from "./references";
import { MAX_LOG_SECONDS } from "@/lib/limits";
import { TIME_LOG_TRANSACTION } from "@/server/lib/transactions";
import { findEditableLog } from "./editing";
import { noticeCrossedBudgets } from "@/server/services/constellations/budgets";
import { mailNotices } from "@/server/operations/mail";
import { assertWeeksWritable } from "@/server/services/approvals/week-locks";

const timerAlreadyRunning = () => new AppError("conflict", "A timer is already running; stop it before starting another.");
const noRunningTimer = () => new AppError("conflict", "No timer is running.");

/** A client's clock may run this far ahead of the server's; such an instant counts as now. */
const CLOCK_SKEW_MS = 60_000;

/**
 * An instant a client recorded: not in the future (beyond a minute of clock skew, taken as now) and
 * at most 12 hours ago; omitted means now. A wrong one is a 400 on `field`.
 */
export function clientInstant(field: string, value: Date | undefined, now: Date): Date {
  if (!value) return now;
  if (value.getTime() > now.getTime() + CLOCK_SKEW_MS) throw validationError(field, "The time cannot be in the future");
  if (value.getTime() < now.getTime() - MAX_LOG_SECONDS * 1000) throw validationError(field, "The time cannot be more than 12 hours ago");
  return value.getTime() > now.getTime() ? now : value;
}

type TimerData = ResolvedReferences & Pick<Prisma.RunningTimerUncheckedCreateInput, "description" | "tags" | "isBillable" | "startedAt">;

/** Creates the caller's timer; a running one already is a 409. */
async function createTimer(db: DbClient, actor: Actor, data: TimerData): Promise<RunningTimerView> {
  try {
    const timer = await db.runningTimer.create({ data: { organizationId: actor.organizationId, userId: actor.userId, ...data }, select: runningTimerSelect });
    return serializeRunningTimer(timer);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw timerAlreadyRunning();
    throw error;
  }
}

export async function startTimer(db: DbClient, actor: Actor, input: StartTimerInput, now: Date = new Date()): Promise<RunningTimerView> {
  const startedAt = clientInstant("startedAt", input.startedAt, now);
  const [references] = await resolveReferences(db, actor.organizationId, [input]);
  return createTimer(db, actor, {
    ...references!,
    description: input.description ?? null,
    tags: input.tags ?? [],
    isBillable: input.isBillable ?? true,
    startedAt,
  });
}

/** Starts a timer now with a log's description, task, customer, project, tags and billable flag. */
export async function continueTimeLog(db: DbClient, actor: Actor, id: string): Promise<RunningTimerView> {
  const log = await findEditableLog(db, actor, id);
  return createTimer(db, actor, {
    taskId: log.taskId,
    customerId: log.customerId,
    constellationId: log.constellationId,
    description: log.description,
    tags: log.tags,
    isBillable: log.isBillable,
    startedAt: new Date(),
  });
}

export async function getCurrentTimer(db: DbClient, actor: Actor): Promise<RunningTimerView | null> {
  const timer = await db.runningTimer.findFirst({ where: { userId: actor.userId, organizationId: actor.organizationId }, select: runningTimerSelect });
  return timer ? serializeRunningTimer(timer) : null;
}

/** Changes the running timer; omitted fields keep their values. No timer → 409. */
export async function updateTimer(db: DbClient, actor: Actor, input: UpdateTimerInput, now: Date = new Date()): Promise<RunningTimerView> {
  const where = { userId: actor.userId, organizationId: actor.organizationId };
  const timer = await db.runningTimer.findFirst({ where, select: runningTimerSelect });
  if (!timer) throw noRunningTimer();
  const startedAt = input.startedAt ? clientInstant("startedAt", input.startedAt, now) : undefined;
  const [references] = await resolveReferences(db, actor.organizationId, [{ ...input, base: timer }]);
  const updated = await db.runningTimer.updateManyAndReturn({
    where: { id: timer.id, ...where },
    data: {
      ...references!,
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.tags === undefined ? {} : { tags: input.tags }),
      ...(input.isBillable === undefined ? {} : { isBillable: input.isBillable }),
      ...(startedAt ? { startedAt } : {}),
    },
    select: runningTimerSelect,
  });
  if (!updated[0]) throw noRunningTimer();
  return serializeRunningTimer(updated[0]);
}

/** Throws the running timer away: no log, no event. No timer → 409. */
export async function discardTimer(db: DbClient, actor: Actor): Promise<{ success: true }> {
  const { count } = await db.runningTimer.deleteMany({ where: { userId: actor.userId, organizationId: actor.organizationId } });
  if (count !== 1) throw noRunningTimer();
  return { success: true };
}

/** Whole seconds from start to end, never negative and clamped to 12 hours. */
export function timerDurationSeconds(startedAt: Date, end: Date): number {
  const elapsed = Math.floor((end.getTime() - startedAt.getTime()) / 1000);
  return Math.min(Math.max(elapsed, 0), MAX_LOG_SECONDS);
}

export async function stopTimer(db: Db, actor: Actor, input: { stoppedAt?: Date; clientSessionId?: string } = {}, now: Date = new Date()): Promise<TimeLogView> {
  const { log, notices } = await db.$transaction(async (tx): Promise<{ log: TimeLogView; notices: string[] }> => {
    // A stop sent again after an unknown outcome (offline, 5xx) answers the log it made the first time.
    if (input.clientSessionId) {
      const earlier = await tx.timeLog.findFirst({ where: { organizationId: actor.organizationId, userId: actor.userId, clientSessionId: input.clientSessionId } });
      if (earlier) return { log: serializeTimeLog(earlier), notices: [] };
    }
    const stoppedAt = clientInstant("stoppedAt", input.stoppedAt, now);
    const timer = await tx.runningTimer.findFirst({ where: { userId: actor.userId, organizationId: actor.organizationId } });
    if (!timer) throw noRunningTimer();
    if (input.stoppedAt && stoppedAt < timer.startedAt) throw validationError("stoppedAt", "The stop cannot be before the start");
    // A refused stop keeps the timer running (the transaction rolls back), so no time is lost.
    await assertWeeksWritable(tx, actor, [{ userId: actor.userId, startedAt: timer.startedAt, field: "startedAt" }]);
    // The delete is the claim: of two concurrent stops, the second deletes nothing and commits nothing.
    const { count } = await tx.runningTimer.deleteMany({ where: { id: timer.id, organizationId: actor.organizationId } });
    if (count !== 1) throw noRunningTimer();
    const log = await tx.timeLog.create({
      data: {
        organizationId: actor.organizationId,
        userId: actor.userId,
        taskId: timer.taskId,
        customerId: timer.customerId,
        constellationId: timer.constellationId,
        description: timer.description,
        startedAt: timer.startedAt,
        endedAt: stoppedAt,
        durationSeconds: timerDurationSeconds(timer.startedAt, stoppedAt),
        tags: timer.tags,
        isBillable: timer.isBillable,
        source: "timer",
        clientSessionId: input.clientSessionId ?? null,
      },
    });
    await recordCommittedLogs(tx, actor.organizationId, [log], "timer_stop");
    return { log: serializeTimeLog(log), notices: await noticeCrossedBudgets(tx, actor.organizationId, [log]) };
  }, TIME_LOG_TRANSACTION);
  void mailNotices(db, notices);
  return log;
}
