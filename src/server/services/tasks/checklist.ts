// A task's checklist (subtasks): written in array order with consecutive positions.
import type { Tx } from "@/server/db";
import { subtaskSelect, type SubtaskInput, type SubtaskRow } from "@/server/contract/task";

/** Inserts `items` in array order from position `firstPosition` and returns them in that order. */
export async function insertSubtasks(
  tx: Tx,
  organizationId: string,
  taskId: string,
  items: readonly SubtaskInput[],
  firstPosition: number,
): Promise<SubtaskRow[]> {
  if (!items.length) return [];
  const rows = await tx.subtask.createManyAndReturn({
    data: items.map((item, index) => ({
      organizationId,
      taskId,
      title: item.title,
      isCompleted: item.isCompleted ?? false,
      position: firstPosition + index,
    })),
    select: { ...subtaskSelect, position: true },
  });
  // RETURNING promises no order; the position is the array index.
  return rows.sort((a, b) => a.position - b.position).map(({ id, title, isCompleted, createdAt }) => ({ id, title, isCompleted, createdAt }));
}

/** Replaces the whole checklist (PATCH semantics for an array field). */
export async function replaceSubtasks(tx: Tx, organizationId: string, taskId: string, items: readonly SubtaskInput[]): Promise<void> {
  await tx.subtask.deleteMany({ where: { organizationId, taskId } });
  await insertSubtasks(tx, organizationId, taskId, items, 0);
}

/** The position after the last item of the checklist. */
export async function nextSubtaskPosition(tx: Tx, organizationId: string, taskId: string): Promise<number> {
  const { _max } = await tx.subtask.aggregate({ where: { organizationId, taskId }, _max: { position: true } });
  return _max.position === null ? 0 : _max.position + 1;
}
