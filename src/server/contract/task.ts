// Task (contract sections 2.1 and 4.2, limits from app-api section 6) with its checklist (subtasks)
// and comments: the response allowlist, the inputs, the columns the responses are read from, and the
// serializers. organizationId and deletedAt are never copied, nor anything about a comment's author
// in the public shape.
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { paginationInput } from "@/server/lib/cursor";
import { tombstoneSchema } from "@/server/contract/tombstone";
import { isoTimestamp, tagsAsJson } from "@/server/lib/sql";
import { MAX_ID_LENGTH, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_SUBTASK_TITLE_LENGTH, MAX_SUBTASKS_PER_CALL } from "@/lib/limits";
import { idInput, jsonBoolean, optionalText, searchQuery, updatedSinceInput, tagsInput, timestampSchema } from "@/server/lib/zod";

export const taskStatusSchema = z.enum(["todo", "up_next", "in_progress", "done"]);

// ---- Responses ----

export const subtaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    isCompleted: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: "Subtask" });

export const taskCommentSchema = z
  .object({
    id: z.string(),
    body: z.string(),
    createdAt: timestampSchema,
  })
  .meta({ id: "TaskComment", description: "The author's identity is not exposed" });

export const taskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: taskStatusSchema,
    assigneeId: z.string().nullable(),
    customerId: z.string().nullable(),
    primaryConstellationId: z.string().nullable().meta({ description: "Set by filing the task under a project" }),
    loggedSeconds: z.number().int(),
    billableSeconds: z.number().int(),
    tags: z.array(z.string()),
    subtasks: z.array(subtaskSchema).meta({ description: "Checklist in order" }),
    comments: z.array(taskCommentSchema).meta({ description: "Oldest first" }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Task" });

export const deletedTaskSchema = z.object({ success: z.boolean(), id: z.string() });

/** GET /api/v1/tasks/deleted (app-api section 13): a deleted task's id and when it was deleted. */
export const taskTombstoneSchema = tombstoneSchema("DeletedTask");

/** The in-app comment: the web app shows its members who wrote what. */
export const appCommentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  authorId: z.string().nullable(),
  body: z.string(),
  createdAt: timestampSchema,
});

/** A comment on the task page: who wrote it, by name (null when the author's account is gone). */
export const appTaskCommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: timestampSchema,
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
});

/** The task page's shape: the public task, its comments with their authors. */
export const taskWithAuthorsSchema = taskSchema.extend({ comments: z.array(appTaskCommentSchema) });

export type SubtaskView = z.output<typeof subtaskSchema>;
export type TaskCommentView = z.output<typeof taskCommentSchema>;
export type TaskView = z.output<typeof taskSchema>;
export type AppCommentView = z.output<typeof appCommentSchema>;
export type AppTaskCommentView = z.output<typeof appTaskCommentSchema>;
export type TaskWithAuthorsView = z.output<typeof taskWithAuthorsSchema>;

// ---- Inputs ----

const taskIdParam = { taskId: idInput.meta({ description: "Task id" }) };

export const subtaskItemInput = z.object({
  title: z.string().trim().min(1).max(MAX_SUBTASK_TITLE_LENGTH),
  isCompleted: jsonBoolean().optional().meta({ description: "Defaults to false" }),
});

const subtaskListInput = z.array(subtaskItemInput).max(MAX_SUBTASKS_PER_CALL);

const titleInput = z.string().trim().min(1).max(MAX_NAME_LENGTH);
const constellationIdInput = z
  .string({ error: (issue) => (issue.input === null ? "a task cannot be unfiled; send a project id" : undefined) })
  .min(1)
  .max(MAX_ID_LENGTH)
  .meta({
    description: "Files the task under this project; requires the scope `constellations:write` as well. Cannot be null: a task cannot be unfiled",
  });

export const listTasksInput = z.object({
  status: taskStatusSchema.optional(),
  assigneeId: idInput.optional(),
  customerId: idInput.optional(),
  search: searchQuery().meta({ description: "Case-insensitive substring of the title or the description; blank means no filter" }),
  ...updatedSinceInput,
  ...paginationInput("tasks"),
});

export const createTaskInput = z.object({
  title: titleInput,
  description: optionalText(MAX_LONG_TEXT_LENGTH).meta({ description: "Trimmed; blank is stored as null" }),
  status: taskStatusSchema.optional().meta({ description: "Defaults to todo" }),
  assigneeId: idInput.nullable().optional().meta({ description: "A user of your organization" }),
  customerId: idInput.nullable().optional().meta({ description: "A customer of your organization" }),
  tags: tagsInput.optional(),
  constellationId: constellationIdInput.optional(),
  subtasks: subtaskListInput.optional().meta({ description: "Checklist, created in array order" }),
});

export const updateTaskInput = z.object({
  ...taskIdParam,
  title: titleInput.optional(),
  description: optionalText(MAX_LONG_TEXT_LENGTH).meta({ description: "Trimmed; null or blank clears it" }),
  status: taskStatusSchema.optional(),
  assigneeId: idInput.nullable().optional().meta({ description: "null unassigns" }),
  customerId: idInput.nullable().optional().meta({ description: "null clears it" }),
  tags: tagsInput.optional().meta({ description: "Replaces the tags; [] clears them" }),
  constellationId: constellationIdInput.optional(),
  subtasks: subtaskListInput.optional().meta({ description: "Replaces the whole checklist, in array order; [] clears it" }),
});

export const taskIdInput = z.object(taskIdParam);

export const appendSubtasksInput = z.object({
  ...taskIdParam,
  items: z.array(subtaskItemInput).min(1).max(MAX_SUBTASKS_PER_CALL).meta({ description: "Appended after the existing checklist, in array order" }),
});

export const addCommentInput = z.object({
  taskId: idInput,
  body: z.string().trim().min(1).max(MAX_LONG_TEXT_LENGTH),
});

export const subtaskRefInput = z.object({ ...taskIdParam, subtaskId: idInput });
export const setSubtaskCompletedInput = subtaskRefInput.extend({ isCompleted: z.boolean() });

export type ListTasksInput = z.output<typeof listTasksInput>;
export type CreateTaskInput = z.output<typeof createTaskInput>;
export type UpdateTaskInput = z.output<typeof updateTaskInput>;
export type SubtaskInput = z.output<typeof subtaskItemInput>;
export type AppendSubtasksInput = z.output<typeof appendSubtasksInput>;
export type AddCommentInput = z.output<typeof addCommentInput>;
export type SubtaskRef = z.output<typeof subtaskRefInput>;
export type SetSubtaskCompletedInput = z.output<typeof setSubtaskCompletedInput>;

// ---- Columns and serializers ----

export const subtaskSelect = { id: true, title: true, isCompleted: true, createdAt: true } as const satisfies Prisma.SubtaskSelect;
export const taskCommentSelect = { id: true, body: true, createdAt: true } as const satisfies Prisma.CommentSelect;

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
} as const satisfies Prisma.TaskSelect;

/** The columns a task response needs, the embedded rows scoped to the same organization. */
export function taskSelect(organizationId: string) {
  return {
    ...taskColumnsSelect,
    subtasks: {
      where: { organizationId },
      orderBy: [{ position: "asc" as const }, { id: "asc" as const }],
      select: subtaskSelect,
    },
    comments: {
      where: { organizationId },
      orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
      select: taskCommentSelect,
    },
  } satisfies Prisma.TaskSelect;
}

export const appCommentSelect = { ...taskCommentSelect, taskId: true, authorId: true } as const satisfies Prisma.CommentSelect;
export const appTaskCommentSelect = { ...taskCommentSelect, authorId: true, author: { select: { name: true } } } as const satisfies Prisma.CommentSelect;

export type SubtaskRow = Prisma.SubtaskGetPayload<{ select: typeof subtaskSelect }>;
export type TaskCommentRow = Prisma.CommentGetPayload<{ select: typeof taskCommentSelect }>;
export type TaskRow = Prisma.TaskGetPayload<{ select: ReturnType<typeof taskSelect> }>;
type AppCommentRow = Prisma.CommentGetPayload<{ select: typeof appCommentSelect }>;
type AppTaskCommentRow = Prisma.CommentGetPayload<{ select: typeof appTaskCommentSelect }>;

export function serializeSubtask(subtask: SubtaskRow): SubtaskView {
  return { id: subtask.id, title: subtask.title, isCompleted: subtask.isCompleted, createdAt: subtask.createdAt.toISOString() };
}

export function serializeTaskComment(comment: TaskCommentRow): TaskCommentView {
  return { id: comment.id, body: comment.body, createdAt: comment.createdAt.toISOString() };
}

export function serializeAppComment(comment: AppCommentRow): AppCommentView {
  return { id: comment.id, taskId: comment.taskId, authorId: comment.authorId, body: comment.body, createdAt: comment.createdAt.toISOString() };
}

export function serializeAppTaskComment(comment: AppTaskCommentRow): AppTaskCommentView {
  return {
    id: comment.id,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
    authorId: comment.authorId,
    authorName: comment.author?.name ?? null,
  };
}

/**
 * The task response's fields as the select list of a statement written in SQL over "Task" aliased
 * `t`: the same fields in the same order as `serializeTask`, timestamps already in the API's format,
 * the checklist and comments embedded by `json_agg` and scoped to the organization like the task.
 */
export function taskViewColumns(organizationId: string): Prisma.Sql {
  const subtasks = Prisma.sql`COALESCE((SELECT json_agg(json_build_object('id', s."id", 'title', s."title", 'isCompleted', s."isCompleted", 'createdAt', ${isoTimestamp('s."createdAt"')})
                ORDER BY s."position", s."id")
              FROM "Subtask" s WHERE s."taskId" = t."id" AND s."organizationId" = ${organizationId}), '[]')`;
  const comments = Prisma.sql`COALESCE((SELECT json_agg(json_build_object('id', c."id", 'body', c."body", 'createdAt', ${isoTimestamp('c."createdAt"')}) ORDER BY c."createdAt", c."id")
              FROM "Comment" c WHERE c."taskId" = t."id" AND c."organizationId" = ${organizationId}), '[]')`;
  return Prisma.sql`t."id", t."title", t."description", t."status"::text AS "status", t."assigneeId", t."customerId",
    t."primaryConstellationId", t."loggedSeconds", t."billableSeconds", ${tagsAsJson("t")}, ${subtasks} AS "subtasks", ${comments} AS "comments",
    ${isoTimestamp('t."createdAt"')} AS "createdAt", ${isoTimestamp('t."updatedAt"')} AS "updatedAt"`;
}

/**
 * The view of a task just inserted with these values: nothing logged on it yet, not filed under a
 * project, no checklist or comments (the columns' defaults for a new row).
 */
export function newTaskView(task: Pick<TaskView, "id" | "title" | "description" | "status" | "assigneeId" | "customerId" | "tags" | "createdAt">): TaskView {
  const { id, title, description, status, assigneeId, customerId, tags, createdAt } = task;
  const unset = { primaryConstellationId: null, loggedSeconds: 0, billableSeconds: 0, subtasks: [], comments: [] };
  return { id, title, description, status, assigneeId, customerId, ...unset, tags, createdAt, updatedAt: createdAt };
}

export function serializeTask(task: TaskRow): TaskView {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    status: task.status,
    assigneeId: task.assigneeId,
    customerId: task.customerId,
    primaryConstellationId: task.primaryConstellationId,
    loggedSeconds: task.loggedSeconds,
    billableSeconds: task.billableSeconds,
    tags: [...task.tags],
    subtasks: task.subtasks.map(serializeSubtask),
    comments: task.comments.map(serializeTaskComment),
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
  };
}
