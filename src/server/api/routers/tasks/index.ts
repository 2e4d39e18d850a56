import { createRouter } from "@/server/api/trpc";
import { addCommentProcedure } from "./add-comment";
import { appendSubtasksProcedure } from "./append-subtasks";
import { createTaskProcedure } from "./create-task";
import { deleteTaskProcedure } from "./delete-task";
import { getTaskProcedure } from "./get-task";
import { getTaskWithAuthorsProcedure } from "./get-task-with-authors";
import { listDeletedTasksProcedure } from "./list-deleted-tasks";
import { listTasksProcedure } from "./list-tasks";
import { removeSubtaskProcedure } from "./remove-subtask";
import { setSubtaskCompletedProcedure } from "./set-subtask-completed";
import { updateTaskProcedure } from "./update-task";

export const tasksRouter = createRouter({
  // /api/v1 and the web app.
  list: listTasksProcedure,
  // /api/v1 only. Before `get`: trpc-to-openapi routes a path to the first procedure it matches.
  listDeleted: listDeletedTasksProcedure,
  get: getTaskProcedure,
  create: createTaskProcedure,
  update: updateTaskProcedure,
  delete: deleteTaskProcedure,
  appendSubtasks: appendSubtasksProcedure,
  // The web app's session procedures (addComment also serves /api/app).
  getWithAuthors: getTaskWithAuthorsProcedure,
  addComment: addCommentProcedure,
  setSubtaskCompleted: setSubtaskCompletedProcedure,
  removeSubtask: removeSubtaskProcedure,
});
