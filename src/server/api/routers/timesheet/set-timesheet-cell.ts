import { auditByUser } from "@/server/api/audit-context";
import { sessionProcedure } from "@/server/api/procedures";
import { setTimesheetCell } from "@/server/services/time-tracking/timesheet";
import { setTimesheetCellInput, timesheetRowSchema } from "@/server/contract/timesheet";

/** Sets a day's time on a row: adds a manual log for more, shortens the newest unlocked logs for less. */
export const setTimesheetCellProcedure = sessionProcedure
  .input(setTimesheetCellInput)
  .output(timesheetRowSchema)
  .mutation(({ ctx, input }) => setTimesheetCell(ctx.db, ctx.actor, input, auditByUser(ctx, ctx.actor)));
