// Comments on a task, written by members in the app. The public API shows their bodies only.
import type { Db } from "@/server/db";
import { notFound } from "@/server/errors";
import { serializeAppComment, type AppCommentView } from "@/server/lib/serializers/task";
import type { Actor } from "@/server/services/auth/account";
import { TASK_TRANSACTION } from "@/server/services/tasks/limits";
import { liveTask } from "@/server/services/tasks/queries";

/** Adds a comment by the signed-in member; the task's updatedAt moves since its comments changed. */
export async function addComment(db: Db, actor: Actor, input: { taskId: string; body: string }): Promise<AppCommentView> {
  const { organizationId } = actor;
  return db.$transaction(async (tx) => {
    const { count } = await tx.task.updateMany({ where: liveTask(organizationId, input.taskId), data: { updatedAt: new Date() } });
    if (!count) throw notFound("Task");
    const comment = await tx.comment.create({
      data: { organizationId, taskId: input.taskId, authorId: actor.userId, body: input.body },
      select: { id: true, taskId: true, authorId: true, body: true, createdAt: true },
    });
    return serializeAppComment(comment);
  }, TASK_TRANSACTION);
}
