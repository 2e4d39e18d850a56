// PUT /api/app/timesheet/cells: sets one day's time on a timesheet row and answers the row.
import { appRoute, bodyObject } from "@/server/http/app-route";

export const PUT = appRoute((caller, { body }) => caller.timesheet.setCell(bodyObject(body)));
