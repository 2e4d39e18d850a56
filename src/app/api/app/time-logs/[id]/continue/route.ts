// POST /api/app/time-logs/:id/continue: starts a timer now with the log's details.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.timeLogs.continue({ id: params.id }), { status: 201 });
