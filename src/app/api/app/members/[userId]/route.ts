// PATCH /api/app/members/:userId { role }: admin changes a member's role; demoting the last admin → 409.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const PATCH = appRoute((caller, { body, params }) => caller.organization.setMemberRole({ ...bodyObject(body), userId: params.userId }));
