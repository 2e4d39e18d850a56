// GET /api/app/webhooks/:id (with its last 24 hours), PATCH (update, re-enable) and DELETE (with its deliveries).
import { appRoute, bodyObject } from "@/server/http/app-route";

// The page's read leaves the secret out (it is polled); this route's answer carries it, as documented.
export const GET = appRoute(async (caller, { params }) => {
  const [detail, { secret }] = await Promise.all([caller.webhooks.get({ id: params.id }), caller.webhooks.secret({ id: params.id })]);
  return { ...detail, secret };
});
export const PATCH = appRoute((caller, { body, params }) => caller.webhooks.update({ ...bodyObject(body), id: params.id }));
export const DELETE = appRoute((caller, { params }) => caller.webhooks.delete({ id: params.id }));
