// GET /api/app/webhooks/events: the organization's events newest first, each with where it went (admins).
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.webhooks.events(query));
