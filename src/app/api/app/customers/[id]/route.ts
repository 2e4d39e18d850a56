// PATCH /api/app/customers/:id: an admin changes the customer's billing settings.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const PATCH = appRoute((caller, { body, params }) => caller.customers.updateBilling({ ...bodyObject(body), id: params.id }));
