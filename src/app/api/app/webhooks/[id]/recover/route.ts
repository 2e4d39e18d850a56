// POST /api/app/webhooks/:id/recover: a manual attempt for every failed delivery since an instant (202 {queued}).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body, params }) => caller.webhooks.recover({ ...bodyObject(body), id: params.id }), { status: 202 });
