// POST /api/app/tasks/:taskId/comments: a member comments on a task of their organization.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body, params }) => caller.tasks.addComment({ ...bodyObject(body), taskId: params.taskId }), { status: 201 });
