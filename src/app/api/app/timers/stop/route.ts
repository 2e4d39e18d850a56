// POST /api/app/timers/stop: stops the running timer (now, or at `stoppedAt`) and answers the committed time log.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.timers.stop(bodyObject(body)));
