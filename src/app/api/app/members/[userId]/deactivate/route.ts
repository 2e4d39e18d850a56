// POST /api/app/members/:userId/deactivate: admin; no more logins, sessions end at once, time stays.
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.organization.deactivateMember({ userId: params.userId }));
