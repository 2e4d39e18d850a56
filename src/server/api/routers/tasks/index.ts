import { createRouter } from "@/server/api/trpc";
import { addCommentProcedure } from "./add-comment";
import { appendSubtasksProcedure } from "./append-subtasks";
import { createTaskProcedure } from "./create-task";
import { deleteTaskProcedure } from "./delete-task";
import { getTaskProcedure } from "./get-task";
import { listTasksProcedure } from "./list-tasks";
import { updateTaskProcedure } from "./update-task";

import { appendSubtasksInAppProcedure } from "./append-subtasks-in-app";
import { createTaskInAppProcedure } from "./create-task-in-app";
import { deleteTaskInAppProcedure } from "./delete-task-in-app";
import { getTaskInAppProcedure } from "./get-task-in-app";
import { listTasksInAppProcedure } from "./list-tasks-in-app";
import { removeSubtaskProcedure } from "./remove-subtask";
import { setSubtaskCompletedProcedure } from "./set-subtask-completed";
import { updateTaskInAppProcedure } from "./update-task-in-app";
export const tasksRouter = createRouter({
  list: listTasksProcedure,
  get: getTaskProcedure,
  create: createTaskProcedure,
  update: updateTaskProcedure,
  delete: deleteTaskProcedure,
  appendSubtasks: appendSubtasksProcedure,
  addComment: addCommentProcedure,
  listInApp: listTasksInAppProcedure,
  getInApp: getTaskInAppProcedure,
  createInApp: createTaskInAppProcedure,
  updateInApp: updateTaskInAppProcedure,
  deleteInApp: deleteTaskInAppProcedure,
  appendSubtasksInApp: appendSubtasksInAppProcedure,
  setSubtaskCompleted: setSubtaskCompletedProcedure,
  removeSubtask: removeSubtaskProcedure,
});
