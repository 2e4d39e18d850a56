// PATCH /api/app/webhooks/:id (update, re-enable) and DELETE /api/app/webhooks/:id (with its deliveries).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const PATCH = appRoute((caller, { body, params }) => caller.webhooks.update({ ...bodyObject(body), id: params.id }));
export const DELETE = appRoute((caller, { params }) => caller.webhooks.delete({ id: params.id }));
