// GET /api/app/timers/current: the signed-in user's running timer, or null; PATCH changes it; DELETE discards it.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.timers.current());
export const PATCH = appRoute((caller, { body }) => caller.timers.update(bodyObject(body)));
export const DELETE = appRoute((caller) => caller.timers.discard());
