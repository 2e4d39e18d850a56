// POST /api/app/auth/logout
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller) => caller.auth.logOut());
