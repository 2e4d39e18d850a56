// GET /api/app/timers/current: the signed-in user's running timer, or null.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.timers.current());
