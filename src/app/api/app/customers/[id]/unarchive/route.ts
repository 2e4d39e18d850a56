// POST /api/app/customers/:id/unarchive: shows the customer in lists again (idempotent).
import { appRoute } from "@/server/http/app-route";

export const POST = appRoute((caller, { params }) => caller.customers.unarchive({ id: params.id }));
