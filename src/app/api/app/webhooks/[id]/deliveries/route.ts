// GET /api/app/webhooks/:id/deliveries: the endpoint's delivery log, newest first, cursor-paginated.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { query, params }) => caller.webhooks.deliveries({ ...query, id: params.id }));
