import { sessionProcedure } from "@/server/api/procedures";
import { getTimesheet } from "@/server/services/time-tracking/timesheet";
import { getTimesheetInput, timesheetSchema } from "@/server/contract/timesheet";

/** A week of the caller's time (or a member's, for an admin) by (task, customer) and day. */
export const getTimesheetProcedure = sessionProcedure
  .input(getTimesheetInput)
  .output(timesheetSchema)
  .query(({ ctx, input }) => getTimesheet(ctx.db, ctx.actor, input));
