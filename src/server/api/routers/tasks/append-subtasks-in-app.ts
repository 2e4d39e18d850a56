import { z } from "zod";
import { sessionProcedure } from "@/server/api/procedures";
import { appendSubtasks } from "@/server/services/tasks/subtasks";
import { appendSubtasksInput, subtaskSchema } from "@/server/contract/task";

/** Adds checklist items at the end. */
export const appendSubtasksInAppProcedure = sessionProcedure
  .input(appendSubtasksInput)
  .output(z.array(subtaskSchema))
  .mutation(({ ctx, input }) => appendSubtasks(ctx.db, ctx.actor, input));
