// Live timers: one running timer per user (RunningTimer.userId is unique). A running timer is not a
// time log; stopping it commits the log, its task counters and its event in one transaction.
import { Prisma } from "@/generated/prisma/client";
import type { Db, DbClient } from "@/server/db";
import { AppError } from "@/server/errors";
import { runningTimerSelect, serializeRunningTimer, type RunningTimerView, type StartTimerInput } from "@/server/contract/running-timer";
import { serializeTimeLog, type TimeLogView } from "@/server/contract/time-log";
import type { Actor } from "@/server/services/auth/account";
import { recordCommittedLogs } from "./events";
import { resolveReferences } from "./references";
import { MAX_LOG_SECONDS } from "@/server/lib/limits";
import { WRITE_TRANSACTION } from "./limits";

const timerAlreadyRunning = () => new AppError("conflict", "A timer is already running; stop it before starting another.");
const noRunningTimer = () => new AppError("conflict", "No timer is running.");

export async function startTimer(db: DbClient, actor: Actor, input: StartTimerInput): Promise<RunningTimerView> {
  const [references] = await resolveReferences(db, actor.organizationId, [input]);
  try {
    const timer = await db.runningTimer.create({
      data: {
        organizationId: actor.organizationId,
        userId: actor.userId,
        taskId: references!.taskId,
        customerId: references!.customerId,
        description: input.description ?? null,
        tags: input.tags ?? [],
        isBillable: input.isBillable ?? true,
      },
      select: runningTimerSelect,
    });
    return serializeRunningTimer(timer);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw timerAlreadyRunning();
    throw error;
  }
}

export async function getCurrentTimer(db: DbClient, actor: Actor): Promise<RunningTimerView | null> {
  const timer = await db.runningTimer.findFirst({ where: { userId: actor.userId, organizationId: actor.organizationId }, select: runningTimerSelect });
  return timer ? serializeRunningTimer(timer) : null;
}

/** Whole seconds from start to now, never negative and clamped to 12 hours. */
export function timerDurationSeconds(startedAt: Date, now: Date): number {
  const elapsed = Math.floor((now.getTime() - startedAt.getTime()) / 1000);
  return Math.min(Math.max(elapsed, 0), MAX_LOG_SECONDS);
}

export async function stopTimer(db: Db, actor: Actor, now: Date = new Date()): Promise<TimeLogView> {
  return db.$transaction(async (tx) => {
    const timer = await tx.runningTimer.findFirst({ where: { userId: actor.userId, organizationId: actor.organizationId } });
    if (!timer) throw noRunningTimer();
    // The delete is the claim: of two concurrent stops, the second deletes nothing and commits nothing.
    const { count } = await tx.runningTimer.deleteMany({ where: { id: timer.id, organizationId: actor.organizationId } });
    if (count !== 1) throw noRunningTimer();
    const log = await tx.timeLog.create({
      data: {
        organizationId: actor.organizationId,
        userId: actor.userId,
        taskId: timer.taskId,
        customerId: timer.customerId,
        description: timer.description,
        startedAt: timer.startedAt,
        endedAt: now,
        durationSeconds: timerDurationSeconds(timer.startedAt, now),
        tags: timer.tags,
        isBillable: timer.isBillable,
        source: "timer",
      },
    });
    await recordCommittedLogs(tx, actor.organizationId, [log], "timer_stop");
    return serializeTimeLog(log);
  }, WRITE_TRANSACTION);
}
