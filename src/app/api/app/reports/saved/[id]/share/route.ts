// POST /api/app/reports/saved/:id/share: a read-only share URL (201 { url }); DELETE revokes it.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.savedReports.share({ id: params.id }), { status: 201 });
export const DELETE = appRoute((caller, { params }) => caller.savedReports.unshare({ id: params.id }));
