// GET /api/app/organization/settings: who manages customers and projects, and the invoicing details (admin).
// PATCH /api/app/organization/settings: changes any of them (admin).
import { appRoute, bodyObject } from "@/server/http/app-route";

export const GET = appRoute((caller) => caller.organization.settings());
export const PATCH = appRoute((caller, { body }) => caller.organization.updateSettings(bodyObject(body)));
