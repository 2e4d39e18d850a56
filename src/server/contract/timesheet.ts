// The timesheet (app-api section 11): a week of one user's time, one row per (task, customer, project),
// one column per day of the user's week in their time zone. The response and the two inputs.
import { z } from "zod";
import { isDateString } from "@/lib/time-zone";
import { idInput, uncoerced } from "@/server/lib/zod";
import { referenceIdInput } from "./time-log";

/** Seconds one cell holds at most: a whole day. */
export const MAX_CELL_SECONDS = 86_400;

const dateInput = z.string().refine(isDateString, "Give a date as YYYY-MM-DD");
const week = <T extends z.ZodType>(item: T) => z.array(item).length(7);

export const timesheetRowSchema = z.object({
  taskId: z.string().nullable(),
  customerId: z.string().nullable(),
  /** The project the row's time is logged to. */
  constellationId: z.string().nullable(),
  projectName: z.string().nullable(),
  /** The task's title and/or the customer's name (else the project's); the project is added when two rows would share it. */
  label: z.string(),
  seconds: week(z.number().int()),
  /** A day whose time includes a log billed by an invoice that is not void. */
  locked: week(z.boolean()),
});

export const timesheetSchema = z.object({
  days: week(z.string()),
  rows: z.array(timesheetRowSchema),
  totals: week(z.number().int()),
});

export type TimesheetRowView = z.output<typeof timesheetRowSchema>;
export type TimesheetView = z.output<typeof timesheetSchema>;

export const getTimesheetInput = z.object({
  /** Any day of the week. */
  week: dateInput,
  /** Admins only; a member always gets their own. */
  userId: idInput.optional(),
});

export const setTimesheetCellInput = z.object({
  day: dateInput,
  /**
   * The row: its task, customer and project. A null is none; an omitted task is none, an omitted
   * project or customer is derived as for any log (the task's primary project; the project's
   * customer, else the task's).
   */
  taskId: referenceIdInput,
  customerId: referenceIdInput,
  constellationId: referenceIdInput,
  seconds: uncoerced(z.number().int("Give whole seconds").min(0, "A day's time cannot be negative").max(MAX_CELL_SECONDS, "A day has at most 24 hours")),
  userId: idInput.optional(),
});

export type GetTimesheetInput = z.output<typeof getTimesheetInput>;
export type SetTimesheetCellInput = z.output<typeof setTimesheetCellInput>;
