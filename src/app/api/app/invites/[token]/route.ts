// GET /api/app/invites/<token>: no session; who invited, the organization and the email; used or expired → 404.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.invites.get({ token: params.token }));
