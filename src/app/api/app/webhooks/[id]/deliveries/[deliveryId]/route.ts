// GET /api/app/webhooks/:id/deliveries/:deliveryId: the delivery with its event, attempts and request headers.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.webhooks.delivery({ id: params.id, deliveryId: params.deliveryId }));
