// GET /api/app/api-keys (list) and POST /api/app/api-keys (create; the key is shown once).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.apiKeys.list());
export const POST = appRoute((caller, { body }) => caller.apiKeys.create(bodyObject(body)), { status: 201 });
