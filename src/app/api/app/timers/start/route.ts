// POST /api/app/timers/start: starts the signed-in user's timer.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.timers.start(bodyObject(body)), { status: 201 });
