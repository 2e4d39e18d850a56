// POST /api/app/webhooks/:id/test: a test event of a catalog type to this endpoint only (202 its delivery).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body, params }) => caller.webhooks.sendTest({ ...bodyObject(body), id: params.id }), { status: 202 });
