// POST /api/app/invites { email, role }: admin; 201 { url, expiresAt, isMailed }.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const POST = appRoute((caller, { body }) => caller.invites.create(bodyObject(body)), { status: 201 });
