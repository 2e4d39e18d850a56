// GET /api/app/webhooks/:id (with its last 24 hours), PATCH (update, re-enable) and DELETE (with its deliveries).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.webhooks.get({ id: params.id }));
export const PATCH = appRoute((caller, { body, params }) => caller.webhooks.update({ ...bodyObject(body), id: params.id }));
export const DELETE = appRoute((caller, { params }) => caller.webhooks.delete({ id: params.id }));
