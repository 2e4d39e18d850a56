// Tasks of an organization: list, read, create, update, soft delete (contract sections 2.1 and 4.2).
import type { Db, DbClient, Tx } from "@/server/db";
import { Prisma } from "@/generated/prisma/client";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { newTaskViewColumns, serializeTask, taskViewColumns, type CreateTaskInput, type ListTasksInput, type TaskView, type UpdateTaskInput } from "@/server/contract/task";
import type { Actor } from "@/server/services/auth/account";
import { insertSubtasks, replaceSubtasks } from "@/server/services/tasks/checklist";
import { linkToBoard } from "@/server/services/tasks/filing";
import { TASK_TRANSACTION } from "@/server/services/tasks/limits";
import { findTask, liveTask } from "@/server/services/tasks/queries";
import { assertTaskReferences } from "@/server/services/tasks/references";
import { getLogger } from "@/server/operations/logger";
import { newCuid } from "@/server/lib/ids";

/** Public API callers act for an organization, not for a user. */
export type TaskActor = Pick<Actor, "organizationId">;

/**
 * One page of tasks with their checklists and comments in one statement (the hottest list of the
 * public API: Prisma's relation loading would make it three round trips). Same filters, order and
 * keyset as every list; the embedded rows are scoped to the organization like the task.
 */
export async function listTasks(db: DbClient, actor: TaskActor, input: ListTasksInput): Promise<Page<TaskView>> {
  const search = input.search?.trim();
  const organizationId = actor.organizationId;
  const conditions = [
    Prisma.sql`t."organizationId" = ${organizationId}`,
    Prisma.sql`t."deletedAt" IS NULL`,
    ...(input.status ? [Prisma.sql`t."status" = ${input.status}::"TaskStatus"`] : []),
    ...(input.assigneeId ? [Prisma.sql`t."assigneeId" = ${input.assigneeId}`] : []),
    ...(input.customerId ? [Prisma.sql`t."customerId" = ${input.customerId}`] : []),
    ...(input.updatedSince ? [Prisma.sql`t."updatedAt" >= ${input.updatedSince}`] : []),
    ...(search ? [Prisma.sql`(t."title" ILIKE ${likePattern(search)} OR t."description" ILIKE ${likePattern(search)})`] : []),
  ];
  const page = await paginate(
    { kind: "tasks", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ take }, position) => {
      const after = position
        ? [Prisma.sql`(t."createdAt" < ${position.sortValue} OR (t."createdAt" = ${position.sortValue} AND t."id" < ${position.id}))`]
        : [];
      return db.$queryRaw<TaskView[]>`
        SELECT ${taskViewColumns(organizationId)}
        FROM "Task" t
        WHERE ${Prisma.join([...conditions, ...after], " AND ")}
        ORDER BY t."createdAt" DESC, t."id" DESC
        LIMIT ${take}`;
    },
    (task) => new Date(task.createdAt),
  );
  return page;
}

/** `ILIKE` pattern for a case-insensitive substring match, `%`, `_` and `\` taken literally (as containsText). */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function getTask(db: DbClient, actor: TaskActor, taskId: string): Promise<TaskView> {
  return serializeTask(await findTask(db, actor.organizationId, taskId));
}

/**
 * Creates a task. Every check runs before the task row is written, so a 400 writes nothing. The row
 * is committed on its own; filing and the checklist follow in a second transaction. If that one
 * fails (say the project was deleted meanwhile), the task exists without them and the 500 names its
 * id so that the client completes it with PATCH and the subtasks endpoint instead of creating a
 * duplicate (contract 4.2 rule 6).
 */
export async function createTask(db: Db, actor: TaskActor, input: CreateTaskInput): Promise<TaskView> {
  const { organizationId } = actor;
  await assertTaskReferences(db, organizationId, input);
  // One INSERT … RETURNING in the response's shape (a task just made has no checklist or comments):
  // Prisma's create costs twice the CPU of this statement, on the hottest write of the public API.
  // createdAt and updatedAt get the same instant, as Prisma's now() and @updatedAt give them; status
  // defaults to the column's default.
  const now = new Date().toISOString();
  const [task] = await db.$queryRaw<TaskView[]>`
    INSERT INTO "Task" AS t ("id", "organizationId", "title", "description", "status", "assigneeId", "customerId", "tags", "createdAt", "updatedAt")
    VALUES (${newCuid()}, ${organizationId}, ${input.title}, ${input.description ?? null}, ${input.status ?? "todo"}::"TaskStatus",
            ${input.assigneeId ?? null}, ${input.customerId ?? null}, ${input.tags ?? []}::text[], ${now}::timestamp(3), ${now}::timestamp(3))
    RETURNING ${newTaskViewColumns()}`;
  if (!task) throw new Error("INSERT … RETURNING returned no task");
  const { constellationId, subtasks = [] } = input;
  if (!constellationId && !subtasks.length) return task;

  try {
    return await db.$transaction(async (tx) => {
      if (constellationId) {
        await linkToBoard(tx, organizationId, task.id, constellationId);
        // Part of creating the task, so updatedAt stays equal to createdAt.
        await tx.task.update({ where: { id: task.id, organizationId }, data: { primaryConstellationId: constellationId, updatedAt: now } });
      }
      await insertSubtasks(tx, organizationId, task.id, subtasks, 0);
      return serializeTask(await findTask(tx, organizationId, task.id));
    }, TASK_TRANSACTION);
  } catch (error) {
    getLogger().error({ err: error, taskId: task.id }, "task created, but filing or its checklist failed");
    const parts = [constellationId ? "filed under the project" : undefined, subtasks.length ? "given its subtasks" : undefined].filter(Boolean).join(" or ");
    throw new AppError(
      "internal_error",
      `Task ${task.id} was created but could not be ${parts}. Do not create it again: complete it with PATCH /api/v1/tasks/${task.id} and POST /api/v1/tasks/${task.id}/subtasks.`,
      { details: [{ field: "taskId", message: task.id }] },
    );
  }
}

/** Locks the live task row for the rest of the transaction, so concurrent writes to it queue. */
async function lockLiveTask(tx: Tx, organizationId: string, taskId: string): Promise<void> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM "Task" WHERE id = ${taskId} AND "organizationId" = ${organizationId} AND "deletedAt" IS NULL FOR UPDATE`;
  if (!rows.length) throw notFound("Task");
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/**
 * Applies the given fields in one transaction. updatedAt moves only when something really changes:
 * a field gets a new value, a board link is added, or the checklist is replaced.
 */
export async function updateTask(db: Db, actor: TaskActor, input: UpdateTaskInput): Promise<TaskView> {
  const { organizationId } = actor;
  return db.$transaction(async (tx) => {
    await lockLiveTask(tx, organizationId, input.taskId);
    const current = await tx.task.findFirstOrThrow({ where: liveTask(organizationId, input.taskId) });
    await assertTaskReferences(tx, organizationId, input);

    const changes: Prisma.TaskUncheckedUpdateManyInput = {};
    if (input.title !== undefined && input.title !== current.title) changes.title = input.title;
    if (input.description !== undefined && input.description !== current.description) changes.description = input.description;
    if (input.status !== undefined && input.status !== current.status) changes.status = input.status;
    if (input.assigneeId !== undefined && input.assigneeId !== current.assigneeId) changes.assigneeId = input.assigneeId;
    if (input.customerId !== undefined && input.customerId !== current.customerId) changes.customerId = input.customerId;
    if (input.tags !== undefined && !sameTags(input.tags, current.tags)) changes.tags = input.tags;
    let isChanged = Object.keys(changes).length > 0;
    if (input.constellationId !== undefined) {
      if (await linkToBoard(tx, organizationId, current.id, input.constellationId)) isChanged = true;
      if (input.constellationId !== current.primaryConstellationId) {
        changes.primaryConstellationId = input.constellationId;
        isChanged = true;
      }
    }
    if (input.subtasks !== undefined) {
      await replaceSubtasks(tx, organizationId, current.id, input.subtasks);
      isChanged = true;
    }
    if (isChanged) await tx.task.updateMany({ where: liveTask(organizationId, current.id), data: { ...changes, updatedAt: new Date() } });
    return serializeTask(await findTask(tx, organizationId, current.id));
  }, TASK_TRANSACTION);
}

/** Soft delete: the row stays, every read excludes it from now on. */
export async function deleteTask(db: DbClient, actor: TaskActor, taskId: string): Promise<{ success: true; id: string }> {
  const { count } = await db.task.updateMany({ where: liveTask(actor.organizationId, taskId), data: { deletedAt: new Date() } });
  if (!count) throw notFound("Task");
  return { success: true, id: taskId };
}
