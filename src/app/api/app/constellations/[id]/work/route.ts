// GET /api/app/constellations/:id/work: the project's hours this week, this month and all time, per task.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.constellations.work({ id: params.id }));
