// POST /api/app/webhooks/:id/rotate-secret: a new secret, the previous one signing beside it for the overlap.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body, params }) => caller.webhooks.rotateSecret({ ...bodyObject(body), id: params.id }));
