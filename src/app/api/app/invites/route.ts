// GET /api/app/invites: admin; invitations not accepted yet, newest first (keyset pages).
// POST /api/app/invites { email, role }: admin; 201 { url, expiresAt, isMailed }.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.invites.list(query));
export const POST = appRoute((caller, { body }) => caller.invites.create(bodyObject(body)), { status: 201 });
