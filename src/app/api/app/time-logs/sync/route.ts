// POST /api/app/time-logs/sync: commits time logs tracked offline, idempotently per clientSessionId.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.timeLogs.sync(bodyObject(body)));
