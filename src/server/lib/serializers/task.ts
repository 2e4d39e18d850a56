// Task response shape (contract section 2.1): an explicit allowlist. organizationId and deletedAt are
// never copied, and neither is anything about a comment's author.
import type { Comment, Subtask, Task } from "@/generated/prisma/client";
import type { TaskStatus } from "@/generated/prisma/enums";

export interface SubtaskView {
  id: string;
  title: string;
  isCompleted: boolean;
  createdAt: string;
}

export interface TaskCommentView {
  id: string;
  body: string;
  createdAt: string;
}

/** The in-app comment, seen only by members of the task's own organization. */
export interface AppCommentView extends TaskCommentView {
  taskId: string;
  authorId: string | null;
}

export interface TaskView {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  assigneeId: string | null;
  customerId: string | null;
  primaryConstellationId: string | null;
  loggedSeconds: number;
  billableSeconds: number;
  tags: string[];
  subtasks: SubtaskView[];
  comments: TaskCommentView[];
  createdAt: string;
  updatedAt: string;
}

export type SubtaskRow = Pick<Subtask, "id" | "title" | "isCompleted" | "createdAt">;
export type TaskCommentRow = Pick<Comment, "id" | "body" | "createdAt">;
export type TaskRow = Pick<
  Task,
  | "id"
  | "title"
  | "description"
  | "status"
  | "assigneeId"
  | "customerId"
  | "primaryConstellationId"
  | "loggedSeconds"
  | "billableSeconds"
  | "tags"
  | "createdAt"
  | "updatedAt"
> & { subtasks: SubtaskRow[]; comments: TaskCommentRow[] };

export function serializeSubtask(subtask: SubtaskRow): SubtaskView {
  return { id: subtask.id, title: subtask.title, isCompleted: subtask.isCompleted, createdAt: subtask.createdAt.toISOString() };
}

export function serializeTaskComment(comment: TaskCommentRow): TaskCommentView {
  return { id: comment.id, body: comment.body, createdAt: comment.createdAt.toISOString() };
}

export function serializeAppComment(comment: TaskCommentRow & Pick<Comment, "taskId" | "authorId">): AppCommentView {
  return { id: comment.id, taskId: comment.taskId, authorId: comment.authorId, body: comment.body, createdAt: comment.createdAt.toISOString() };
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
