// GET /api/app/timesheet?week=YYYY-MM-DD&userId=: a week of time by (task, customer) and day.
import { appRoute } from "@/server/http/app-route";

export const GET = appRoute((caller, { query }) => caller.timesheet.get(query));
