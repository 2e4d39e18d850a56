// Tasks of an organization: list, read, create, update, soft delete (contract sections 2.1 and 4.2).
import { hotQuery, type Db, type DbClient, type Tx } from "@/server/db";
import { Prisma } from "@/generated/prisma/client";
import { AppError, notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import { newTaskView, serializeTask, taskViewColumns, type CreateTaskInput, type ListTasksInput, type TaskView, type UpdateTaskInput } from "@/server/contract/task";
import type { Actor } from "@/server/services/auth/account";
import { insertSubtasks, replaceSubtasks } from "@/server/services/tasks/checklist";
import { linkToBoard } from "@/server/services/tasks/filing";
import { TASK_TRANSACTION } from "@/server/lib/transactions";
import { findTask, liveTask } from "@/server/services/tasks/queries";
import { assertTaskReferences } from "@/server/services/tasks/references";
import { getLogger } from "@/server/operations/logger";
import { statementsTakeTurns } from "@/server/load/database-turns";
import { newCuid } from "@/server/lib/ids";
import { sqlTimestamp } from "@/server/lib/sql";

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
  ];
  const page = await paginate(
    { kind: "tasks", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    ({ take }, position) => {
      const after = position
        ? [Prisma.sql`(t."createdAt" < ${position.sortValue} OR (t."createdAt" = ${position.sortValue} AND t."id" < ${position.id}))`]
        : [];
      const scope = [...conditions, ...after];
      if (search) return searchTasks(db, organizationId, scope, likePattern(search), take);
      return hotQuery<TaskView>(
        db,
        Prisma.sql`
        SELECT ${taskViewColumns(organizationId)}
        FROM "Task" t
        WHERE ${Prisma.join(scope, " AND ")}
        ORDER BY t."createdAt" DESC, t."id" DESC
        LIMIT ${take}`,
      );
    },
    (task) => new Date(task.createdAt),
  );
  return page;
}

/**
 * Rows of a search walked in keyset order before the trigram indexes are asked: a term matching most
 * tasks fills a page within them. Per page row, so that a term matching half the tasks or more does.
 */
const SEARCH_WALK_PER_ROW = 2;

/**
 * Rows whose text one statement of the walk checks on the embedded database. It has one connection,
 * and another organization's statement waits for the one running when it arrives: a check reads and
 * lower-cases a whole description (about 0.5 ms for 10 KB on PGlite), so a statement of 100 such rows
 * held the connection 50-100 ms. On PostgreSQL a statement holds one connection of a pool, and the
 * walk is one statement: chunks would only add round trips (the searcher got 10% fewer answers).
 */
const SEARCH_WALK_CHUNK_TAKING_TURNS = 12;

/**
 * The first `take` tasks in `scope` (newest first) whose title or description matches `pattern`.
 * Checking a match means reading the whole description (10 KB or more), and the planner, blind to
 * that cost and to how common the term is, checks every task of the organization for every term
 * (2,000 long descriptions: a few hundred ms). So the plan is chosen here, in two steps:
 *   1. walk the next `take × SEARCH_WALK_PER_ROW` tasks in keyset order, stopping at `take` matches:
 *      a common term ends here after about `take` checks. Their keys are read first (no text), then
 *      their text is checked in one statement, or a few rows per statement on the embedded database;
 *   2. otherwise the matches after the walked rows, from the trigram indexes keyed by organization first
 *      (migration 20261129005848): they hand over only this organization's tasks holding the term's
 *      trigrams, so a rare term costs its few candidates.
 * No transaction around them (on the embedded database a transaction would hold the connection
 * between its statements).
 * Together, exactly the first `take` matches in keyset order, as one statement would find them.
 */
async function searchTasks(db: DbClient, organizationId: string, scope: Prisma.Sql[], pattern: string, take: number): Promise<TaskView[]> {
  const where = Prisma.join(scope, " AND ");
  const matches = Prisma.sql`(t."title" ILIKE ${pattern} OR t."description" ILIKE ${pattern})`;
  const walk = take * SEARCH_WALK_PER_ROW;
  const walked = await db.$queryRaw<Array<{ id: string; createdAt: Date }>>`
    SELECT t."id", t."createdAt" FROM "Task" t WHERE ${where}
    ORDER BY t."createdAt" DESC, t."id" DESC
    LIMIT ${walk}`;
  const chunk = statementsTakeTurns() ? SEARCH_WALK_CHUNK_TAKING_TURNS : walk;
  const found: TaskView[] = [];
  for (let start = 0; start < walked.length && found.length < take; start += chunk) {
    const ids = walked.slice(start, start + chunk).map((row) => row.id);
    // The LIMIT inside keeps the rows in order; the outer one ends the check at the matches still
    // wanted (matches are checked row by row until then).
    found.push(
      ...(await db.$queryRaw<TaskView[]>`
        SELECT ${taskViewColumns(organizationId)}
        FROM (SELECT * FROM "Task" t WHERE ${where} AND t."id" = ANY(${ids}::text[])
              ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${ids.length}) t
        WHERE ${matches}
        ORDER BY t."createdAt" DESC, t."id" DESC
        LIMIT ${take - found.length}`),
    );
  }
  // A walk that saw every task in scope leaves none for step 2.
  const last = walked.at(-1);
  if (found.length >= take || walked.length < walk || !last) return found;
  // Candidates from the indexes (task_search_candidates, migration 20261129005848), scoped and checked
  // as in step 1, after the walk's last row.
  const rest = await db.$queryRaw<TaskView[]>`
    SELECT ${taskViewColumns(organizationId)}
    FROM task_search_candidates(${organizationId}, ${pattern}) AS candidates("id") JOIN "Task" t ON t."id" = candidates."id"
    WHERE ${where} AND ${matches} AND (t."createdAt", t."id") < (${sqlTimestamp(last.createdAt)}, ${last.id})
    ORDER BY t."createdAt" DESC, t."id" DESC
    LIMIT ${take - found.length}`;
  return [...found, ...rest];
}

/** `%`, `_` and `\` taken literally in an `ILIKE` pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `ILIKE` pattern for a case-insensitive substring match, `%`, `_` and `\` taken literally (as containsText). */
const likePattern = (term: string) => `%${escapeLike(term)}%`;

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
  const references = assertTaskReferences(db, organizationId, input);
  if (references) await references;
  // One INSERT, and the response made from the values it wrote (the row holds them as sent, and a new
  // task's other columns their defaults): Prisma's create costs twice the CPU of this statement, on the
  // hottest write of the public API, and reading the row back would have the driver parse it again.
  // createdAt and updatedAt get the same instant (milliseconds, as the columns keep), as Prisma's
  // now() and @updatedAt give them.
  const task = newTaskView({
    id: newCuid(),
    title: input.title,
    description: input.description ?? null,
    status: input.status ?? "todo",
    assigneeId: input.assigneeId ?? null,
    customerId: input.customerId ?? null,
    tags: input.tags ?? [],
    createdAt: new Date().toISOString(),
  });
  await hotQuery(
    db,
    Prisma.sql`
    INSERT INTO "Task" ("id", "organizationId", "title", "description", "status", "assigneeId", "customerId", "tags", "createdAt", "updatedAt")
    VALUES (${task.id}, ${organizationId}, ${task.title}, ${task.description}, ${task.status}::"TaskStatus",
            ${task.assigneeId}, ${task.customerId}, ${task.tags}::text[], ${task.createdAt}::timestamp(3), ${task.createdAt}::timestamp(3))`,
  );
  const { constellationId, subtasks = [] } = input;
  if (!constellationId && !subtasks.length) return task;

  try {
    return await db.$transaction(async (tx) => {
      if (constellationId) {
        await linkToBoard(tx, organizationId, task.id, constellationId);
        // Part of creating the task, so updatedAt stays equal to createdAt.
        await tx.task.update({ where: { id: task.id, organizationId }, data: { primaryConstellationId: constellationId, updatedAt: task.createdAt } });
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
