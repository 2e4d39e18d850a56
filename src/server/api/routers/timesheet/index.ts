import { createRouter } from "@/server/api/trpc";
import { getTimesheetProcedure } from "./get-timesheet";
import { setTimesheetCellProcedure } from "./set-timesheet-cell";

export const timesheetRouter = createRouter({
  get: getTimesheetProcedure,
  setCell: setTimesheetCellProcedure,
});
