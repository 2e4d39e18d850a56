// How a task is read: only live rows of the caller's organization, with the embedded checklist and
// comments fetched in the same call (Prisma batches each relation into one query for the whole page).
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { taskSelect, type TaskRow } from "@/server/contract/task";

/** A live task of the organization. Soft-deleted tasks are excluded from every read. */
export function liveTask(organizationId: string, taskId?: string) {
  return { organizationId, deletedAt: null, ...(taskId === undefined ? {} : { id: taskId }) };
}

export async function findTask(db: DbClient, organizationId: string, taskId: string): Promise<TaskRow> {
  const task = await db.task.findFirst({ where: liveTask(organizationId, taskId), select: taskSelect(organizationId) });
  if (!task) throw notFound("Task");
  return task;
}
