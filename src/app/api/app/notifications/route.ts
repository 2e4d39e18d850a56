// GET /api/app/notifications: the organization's failure notices, newest first (admins).
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.notifications.list(query));
