// POST /api/app/constellations/:id/unarchive: shows the project in lists again (idempotent).
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.constellations.unarchive({ id: params.id }));
