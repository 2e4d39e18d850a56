// POST /api/app/webhooks/:id/deliveries/:deliveryId/resend: one manual attempt, made by the worker (202).
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.webhooks.resend({ id: params.id, deliveryId: params.deliveryId }), { status: 202 });
