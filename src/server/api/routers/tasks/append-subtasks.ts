import { z } from "zod";
import { apiProcedure, v1Data } from "@/server/api/procedures";
import { v1Envelope } from "@/server/api/v1-schemas";
import { appendSubtasks } from "@/server/services/tasks/subtasks";
import { appendSubtasksInput, subtaskSchema } from "@/server/contract/task";

/** Appends checklist items after the existing ones. */
export const appendSubtasksProcedure = apiProcedure
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
  .output(v1Envelope(z.array(subtaskSchema)))
  .mutation(async ({ ctx, input }) => v1Data(ctx, await appendSubtasks(ctx.db, ctx.apiKey, input)));
