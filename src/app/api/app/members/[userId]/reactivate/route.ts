// POST /api/app/members/:userId/reactivate: admin; the member may log in again.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.organization.reactivateMember({ userId: params.userId }));
