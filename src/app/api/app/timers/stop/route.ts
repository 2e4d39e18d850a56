// POST /api/app/timers/stop: stops the running timer and answers the committed time log.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller) => caller.timers.stop());
