// GET /api/app/members: the organization's members (any member may read), keyset-paginated.
// POST: admin adds a user to the organization.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.organization.listMembers(query));
export const POST = appRoute((caller, { body }) => caller.organization.addMember(bodyObject(body)), { status: 201 });
