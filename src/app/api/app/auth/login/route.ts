// POST /api/app/auth/login
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.auth.logIn(bodyObject(body)));
