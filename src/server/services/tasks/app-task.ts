// What the web app reads and changes on a task beyond the public API: comments with their authors,
// and single checklist items ticked or removed.
import type { Db, DbClient, Tx } from "@/server/db";
import { notFound } from "@/server/errors";
import {
  appTaskCommentSelect,
  serializeAppTaskComment,
  serializeSubtask,
  subtaskSelect,
  type TaskWithAuthorsView,
  type SetSubtaskCompletedInput,
  type SubtaskRef,
  type SubtaskView,
} from "@/server/contract/task";
import { TASK_TRANSACTION } from "@/server/lib/transactions";
import { liveTask } from "@/server/services/tasks/queries";
import { getTask, type TaskActor } from "@/server/services/tasks/tasks";

/** The task as the public API shows it, its comments with who wrote them (one extra query). */
export async function getTaskWithAuthors(db: DbClient, actor: TaskActor, taskId: string): Promise<TaskWithAuthorsView> {
  const task = await getTask(db, actor, taskId);
  const comments = await db.comment.findMany({
    where: { organizationId: actor.organizationId, taskId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: appTaskCommentSelect,
  });
  return { ...task, comments: comments.map(serializeAppTaskComment) };
}

/** Runs a checklist change on a live task of the organization; the task's updatedAt moves with it. */
async function changeChecklist<T>(db: Db, actor: TaskActor, taskId: string, change: (tx: Tx) => Promise<T | null>): Promise<T> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.task.updateMany({ where: liveTask(actor.organizationId, taskId), data: { updatedAt: new Date() } });
    if (!count) throw notFound("Task");
    const result = await change(tx);
    // Nothing changed on a missing item: roll the updatedAt bump back with the 404.
    if (result === null) throw notFound("Subtask");
    return result;
  }, TASK_TRANSACTION);
}

export function setSubtaskCompleted(db: Db, actor: TaskActor, input: SetSubtaskCompletedInput): Promise<SubtaskView> {
  return changeChecklist(db, actor, input.taskId, async (tx) => {
    const where = { organizationId: actor.organizationId, taskId: input.taskId, id: input.subtaskId };
    const { count } = await tx.subtask.updateMany({ where, data: { isCompleted: input.isCompleted } });
    if (!count) return null;
    const row = await tx.subtask.findFirstOrThrow({ where, select: subtaskSelect });
    return serializeSubtask(row);
  });
}

export function removeSubtask(db: Db, actor: TaskActor, input: SubtaskRef): Promise<{ success: true; id: string }> {
  return changeChecklist(db, actor, input.taskId, async (tx) => {
    const { count } = await tx.subtask.deleteMany({ where: { organizationId: actor.organizationId, taskId: input.taskId, id: input.subtaskId } });
    return count ? { success: true as const, id: input.subtaskId } : null;
  });
}
