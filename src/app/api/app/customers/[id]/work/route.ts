// GET /api/app/customers/:id/work: the customer's hours this week, this month and all time, per project.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { params }) => caller.customers.work({ id: params.id }));
