// PUT /api/app/organization/plan: stands in for the billing provider.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const PUT = appRoute((caller, { body }) => caller.organization.setPlan(bodyObject(body)));
