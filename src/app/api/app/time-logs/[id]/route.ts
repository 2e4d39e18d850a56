// PATCH /api/app/time-logs/:id changes a time log; DELETE removes it (softly). Own logs, or any for an admin.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const PATCH = appRoute((caller, { body, params }) => caller.timeLogs.update({ ...bodyObject(body), id: params.id }));
export const DELETE = appRoute((caller, { params }) => caller.timeLogs.delete({ id: params.id }));
