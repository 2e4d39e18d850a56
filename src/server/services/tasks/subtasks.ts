// Appending to a task's checklist (POST /api/v1/tasks/:taskId/subtasks).
import type { Db } from "@/server/db";
import { notFound } from "@/server/errors";
import { serializeSubtask, type AppendSubtasksInput, type SubtaskView } from "@/server/contract/task";
import { insertSubtasks, nextSubtaskPosition } from "@/server/services/tasks/checklist";
import { TASK_TRANSACTION } from "@/server/lib/transactions";
import { liveTask } from "@/server/services/tasks/queries";
import type { TaskActor } from "@/server/services/tasks/tasks";

/**
 * Adds `items` after the existing checklist, in array order. Touching the task first both bumps its
 * updatedAt and locks its row, so two appends at once never hand out the same positions.
 */
export async function appendSubtasks(db: Db, actor: TaskActor, input: AppendSubtasksInput): Promise<SubtaskView[]> {
  const { organizationId } = actor;
  return db.$transaction(async (tx) => {
    const { count } = await tx.task.updateMany({ where: liveTask(organizationId, input.taskId), data: { updatedAt: new Date() } });
    if (!count) throw notFound("Task");
    const position = await nextSubtaskPosition(tx, organizationId, input.taskId);
    const created = await insertSubtasks(tx, organizationId, input.taskId, input.items, position);
    return created.map(serializeSubtask);
  }, TASK_TRANSACTION);
}
