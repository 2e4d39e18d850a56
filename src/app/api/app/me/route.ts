// GET /api/app/me: the signed-in user, organization and role.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.auth.me());
