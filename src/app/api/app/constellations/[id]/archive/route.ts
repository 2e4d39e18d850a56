// POST /api/app/constellations/:id/archive: hides the project from lists (idempotent).
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.constellations.archive({ id: params.id }));
