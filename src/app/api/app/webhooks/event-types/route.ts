// GET /api/app/webhooks/event-types: the event catalog with each type's JSON Schema and an example body.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.webhooks.eventTypes());
