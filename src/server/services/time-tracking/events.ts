// Side effects of a committed time log, run in the transaction that commits it: the task's counters
// and the `time_log.created` event (contract 6.2) through the outbox.
import { Prisma, type Tx } from "@/server/db";
import { sqlTimestamp } from "@/server/lib/sql";
import type { TimeLog } from "@/generated/prisma/client";
import { enqueueEvents } from "@/server/webhooks/enqueue";

/** How the log became durable: a live timer stop or an offline-sync commit. */
export type TimeLogEventSource = "timer_stop" | "offline_sync";

export type CommittedLog = Pick<
  TimeLog,
  "id" | "organizationId" | "userId" | "taskId" | "description" | "startedAt" | "endedAt" | "durationSeconds" | "tags" | "isBillable"
>;

/**
 * The event's `data`. A log without a task carries `taskId: null` and one without a description `""`;
 * `stoppedAt` is the wall-clock end, or startedAt + durationSeconds when the log has no end.
 */
export function timeLogCreatedData(log: CommittedLog, source: TimeLogEventSource) {
  const stoppedAt = log.endedAt ?? new Date(log.startedAt.getTime() + log.durationSeconds * 1000);
  return {
    timeLog: {
      id: log.id,
      taskId: log.taskId,
      description: log.description ?? "",
      durationSeconds: log.durationSeconds,
      startedAt: log.startedAt.toISOString(),
      stoppedAt: stoppedAt.toISOString(),
      tags: [...log.tags],
      isBillable: log.isBillable,
    },
    source,
    userId: log.userId,
    organizationId: log.organizationId,
  };
}

type CountedLog = Pick<TimeLog, "taskId" | "durationSeconds" | "isBillable">;

/**
 * Common table expressions that move tasks' loggedSeconds and billableSeconds by the rows of a
 * "taskTotal" ("taskId", "logged", "billable") the statement defines before them, ending in
 * "countedTask". The rows are locked in id order first (a fixed lock order keeps concurrent commits
 * touching the same tasks from deadlocking): the update's condition on the lock's count is a one-time
 * condition, evaluated before its first row; then every task moves at once.
 */
export function taskCounterCtes(organizationId: string, now: Date): Prisma.Sql {
  return Prisma.sql`"lockedTask" AS MATERIALIZED (
      SELECT t."id" FROM "Task" t
      WHERE t."organizationId" = ${organizationId} AND t."id" IN (SELECT "taskId" FROM "taskTotal" WHERE "logged" <> 0 OR "billable" <> 0)
      ORDER BY t."id" FOR UPDATE OF t
    ),
    "countedTask" AS (
      UPDATE "Task" AS t
      SET "loggedSeconds" = t."loggedSeconds" + v."logged", "billableSeconds" = t."billableSeconds" + v."billable", "updatedAt" = ${sqlTimestamp(now)}
      FROM "taskTotal" v
      WHERE t."organizationId" = ${organizationId} AND t."id" = v."taskId" AND (v."logged" <> 0 OR v."billable" <> 0)
        AND (SELECT count(*) FROM "lockedTask") >= 0
      RETURNING t."id"
    )`;
}

/**
 * Moves tasks' loggedSeconds and billableSeconds by the logs `added` minus the logs `removed` (an edit
 * removes the old version and adds the new): one statement however many tasks (`taskCounterCtes`).
 */
export async function adjustTaskSeconds(tx: Tx, organizationId: string, added: readonly CountedLog[], removed: readonly CountedLog[] = []): Promise<void> {
  const totals = new Map<string, { logged: number; billable: number }>();
  const count = (log: CountedLog, sign: 1 | -1) => {
    if (!log.taskId || log.durationSeconds === 0) return;
    const total = totals.get(log.taskId) ?? { logged: 0, billable: 0 };
    total.logged += sign * log.durationSeconds;
    if (log.isBillable) total.billable += sign * log.durationSeconds;
    totals.set(log.taskId, total);
  };
  for (const log of added) count(log, 1);
  for (const log of removed) count(log, -1);
  const changed = [...totals.entries()].filter(([, total]) => total.logged !== 0 || total.billable !== 0);
  if (!changed.length) return;
  await tx.$queryRaw`
    WITH "taskTotal" AS (
      SELECT * FROM unnest(${changed.map(([taskId]) => taskId)}::text[], ${changed.map(([, total]) => total.logged)}::int[], ${changed.map(([, total]) => total.billable)}::int[])
        AS v("taskId", "logged", "billable")
    ),
    ${taskCounterCtes(organizationId, new Date())}
    SELECT count(*)::int AS "moved" FROM "countedTask"`;
}

/** The `time_log.created` event of a committed log. */
export function timeLogCreatedEvent(log: CommittedLog, source: TimeLogEventSource) {
  return { organizationId: log.organizationId, type: "time_log.created" as const, data: timeLogCreatedData(log, source) };
}

/** Adds the logs' seconds to their tasks and emits one event per log. */
export async function recordCommittedLogs(tx: Tx, organizationId: string, logs: readonly CommittedLog[], source: TimeLogEventSource): Promise<void> {
  await adjustTaskSeconds(tx, organizationId, logs);
  await enqueueEvents(tx, logs.map((log) => ({ ...timeLogCreatedEvent(log, source), organizationId })));
}
