// GET /api/app/reports/hours?from=&to=: hours per customer and per project, billable and not.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.reports.hours(query));
