// Comments on a task, written by members in the app. The public API shows their bodies only.
import type { Db } from "@/server/db";
import { notFound } from "@/server/errors";
import { appCommentSelect, serializeAppComment, type AddCommentInput, type AppCommentView } from "@/server/contract/task";
import type { Actor } from "@/server/services/auth/account";
import { TASK_TRANSACTION } from "@/server/lib/transactions";
import { liveTask } from "@/server/services/tasks/queries";

/** Adds a comment by the signed-in member; the task's updatedAt moves since its comments changed. */
export async function addComment(db: Db, actor: Actor, input: AddCommentInput): Promise<AppCommentView> {
  const { organizationId } = actor;
  return db.$transaction(async (tx) => {
    const { count } = await tx.task.updateMany({ where: liveTask(organizationId, input.taskId), data: { updatedAt: new Date() } });
    if (!count) throw notFound("Task");
    const comment = await tx.comment.create({
      data: { organizationId, taskId: input.taskId, authorId: actor.userId, body: input.body },
      select: appCommentSelect,
    });
    return serializeAppComment(comment);
  }, TASK_TRANSACTION);
}
