// POST /api/app/notifications/:id/read: marks the notice read.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.notifications.read({ id: params.id }));
