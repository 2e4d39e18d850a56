import { createRouter } from "@/server/api/trpc";
import { addCommentProcedure } from "./add-comment";
import { appendSubtasksProcedure } from "./append-subtasks";
import { createTaskProcedure } from "./create-task";
import { deleteTaskProcedure } from "./delete-task";
import { getTaskProcedure } from "./get-task";
import { listTasksProcedure } from "./list-tasks";
import { updateTaskProcedure } from "./update-task";

export const tasksRouter = createRouter({
  list: listTasksProcedure,
  get: getTaskProcedure,
  create: createTaskProcedure,
  update: updateTaskProcedure,
  delete: deleteTaskProcedure,
  appendSubtasks: appendSubtasksProcedure,
  addComment: addCommentProcedure,
});
