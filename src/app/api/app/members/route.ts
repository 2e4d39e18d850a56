// POST /api/app/members: admin adds a user to the organization.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.organization.addMember(bodyObject(body)), { status: 201 });
