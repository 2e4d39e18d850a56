// POST /api/app/customers/:id/archive: hides the customer from lists (idempotent).
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.customers.archive({ id: params.id }));
