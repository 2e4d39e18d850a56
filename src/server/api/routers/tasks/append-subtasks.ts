import { z } from "zod";
import { keyOrSessionProcedure } from "@/server/api/procedures";
import { appendSubtasks } from "@/server/services/tasks/subtasks";
import { appendSubtasksInput, subtaskSchema } from "@/server/contract/task";

/** Appends checklist items after the existing ones. */
export const appendSubtasksProcedure = keyOrSessionProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/tasks/{taskId}/subtasks",
      summary: "Append subtasks",
      description: "Answers the created items, in the order sent.",
      tags: ["Tasks"],
      protect: true,
    },
    scopes: ["tasks:write"],
    successStatus: 201,
  })
  .input(appendSubtasksInput)
  .output(z.array(subtaskSchema))
  .mutation(({ ctx, input }) => appendSubtasks(ctx.db, ctx.tenant, input));
