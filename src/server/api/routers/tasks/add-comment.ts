import { sessionProcedure } from "@/server/api/procedures";
import { addComment } from "@/server/services/tasks/comments";
import { addCommentInput, appCommentSchema } from "@/server/contract/task";

/** A member comments on a task of their organization. */
export const addCommentProcedure = sessionProcedure
  .input(addCommentInput)
  .output(appCommentSchema)
  .mutation(({ ctx, input }) => addComment(ctx.db, ctx.actor, input));
