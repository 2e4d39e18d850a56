// POST /api/app/auth/signup: a new user and organization, signed in.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.auth.signUp(bodyObject(body)), { status: 201 });
