// DELETE /api/app/reports/saved/:id: removes one of the caller's saved reports.
import { appRoute } from "@/server/http/app-route";

export const DELETE = appRoute((caller, { params }) => caller.savedReports.delete({ id: params.id }));
