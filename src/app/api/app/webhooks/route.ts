// GET /api/app/webhooks (the organization's endpoints) and POST /api/app/webhooks (register one).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.webhooks.list());
export const POST = appRoute((caller, { body }) => caller.webhooks.create(bodyObject(body)), { status: 201 });
