// How a task is read: only live rows of the caller's organization, with the embedded checklist and
// comments fetched in the same call (Prisma batches each relation into one query for the whole page).
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import type { TaskRow } from "@/server/lib/serializers/task";

/** A live task of the organization. Soft-deleted tasks are excluded from every read. */
export function liveTask(organizationId: string, taskId?: string) {
  return { organizationId, deletedAt: null, ...(taskId === undefined ? {} : { id: taskId }) };
}

/** A task's own columns of the response, without its checklist and comments. */
export const taskColumnsSelect = {
  id: true,
  title: true,
  description: true,
  status: true,
  assigneeId: true,
  customerId: true,
  primaryConstellationId: true,
  loggedSeconds: true,
  billableSeconds: true,
  tags: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** The columns a task response needs, the embedded rows scoped to the same organization. */
export function taskSelect(organizationId: string) {
  return {
    ...taskColumnsSelect,
    subtasks: {
      where: { organizationId },
      orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
      select: { id: true, title: true, isCompleted: true, createdAt: true },
    },
    comments: {
      where: { organizationId },
      orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
      select: { id: true, body: true, createdAt: true },
    },
  };
}

export async function findTask(db: DbClient, organizationId: string, taskId: string): Promise<TaskRow> {
  const task = await db.task.findFirst({ where: liveTask(organizationId, taskId), select: taskSelect(organizationId) });
  if (!task) throw notFound("Task");
  return task;
}
