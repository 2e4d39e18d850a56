// POST /api/app/invites/<token>/accept { name, password }: creates the member and signs them in (201, the login shape).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body, params }) => caller.invites.accept({ ...bodyObject(body), token: params.token }), { status: 201 });
