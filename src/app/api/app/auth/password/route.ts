// POST /api/app/auth/password: change the password; revokes the user's other sessions.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.auth.changePassword(bodyObject(body)));
