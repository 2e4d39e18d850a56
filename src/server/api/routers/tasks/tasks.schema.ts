// Task fields of the public API (contract sections 2.1 and 4.2, limits from app-api section 6),
// shared by every task procedure: one definition of each input field and of the response shape.
import { z } from "zod";
import { timestampSchema } from "@/server/api/v1-schemas";
import { paginationInput } from "@/server/lib/cursor";
import { idInput, jsonBoolean, optionalText, searchQuery, tagsInput } from "@/server/lib/zod";
import { MAX_ID_LENGTH, MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_SUBTASK_TITLE_LENGTH, MAX_SUBTASKS_PER_CALL } from "@/server/lib/limits";

export const taskStatusSchema = z.enum(["todo", "up_next", "in_progress", "done"]);

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
  ...paginationInput,
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

/** The in-app comment: the web app shows its members who wrote what. */
export const appCommentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  authorId: z.string().nullable(),
  body: z.string(),
  createdAt: timestampSchema,
});

/** The task page's shape: the public task, its comments with their authors. */
export const appTaskSchema = taskSchema.extend({
  comments: z.array(z.object({ id: z.string(), body: z.string(), createdAt: timestampSchema, authorId: z.string().nullable(), authorName: z.string().nullable() })),
});

export const subtaskRefInput = z.object({ ...taskIdParam, subtaskId: idInput });
export const setSubtaskCompletedInput = subtaskRefInput.extend({ isCompleted: z.boolean() });
