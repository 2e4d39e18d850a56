// Named periods (this week, this month, last month, …) as calendar days and as instants: whole
// calendar periods in a time zone, counted at a given moment. The one definition the Reports page,
// saved reports on the server, a project's hours and the new invoice's "This month" and "Last month"
// all use, so each names the same days.
//
// "This month" is the whole calendar month, 1st to last day, as in Toggl's and Harvest's reports and
// Harvest's invoice periods, not the 1st to today: the days still to come hold no time until they
// pass, so the figures are the same, and a report or invoice of November says November.
import { addDays, startOfZonedDay, weekDates, zonedDate, type DateString } from "./time-zone";

/** The named periods a saved report's `range` may hold (app-api section 12). */
export const RELATIVE_RANGES = ["this_week", "last_week", "this_month", "last_month", "last_30_days", "this_year"] as const;
export type RelativeRange = (typeof RELATIVE_RANGES)[number];

const firstOfMonth = (date: DateString, monthsAhead = 0): DateString => {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + monthsAhead, 1));
  return first.toISOString().slice(0, 10);
};

/** The first and last day of the named period holding `now` in the zone (`YYYY-MM-DD`, both included). */
export function namedPeriodDays(range: RelativeRange, now: Date, timeZone: string, weekStart: "monday" | "sunday"): { from: DateString; to: DateString } {
  const today = zonedDate(now, timeZone);
  const days = (first: DateString, next: DateString) => ({ from: first, to: addDays(next, -1) });
  switch (range) {
    case "this_week": {
      const first = weekDates(today, weekStart)[0]!;
      return days(first, addDays(first, 7));
    }
    case "last_week": {
      const first = weekDates(addDays(today, -7), weekStart)[0]!;
      return days(first, addDays(first, 7));
    }
    case "this_month":
      return days(firstOfMonth(today), firstOfMonth(today, 1));
    case "last_month":
      return days(firstOfMonth(today, -1), firstOfMonth(today));
    case "last_30_days":
      return days(addDays(today, -29), addDays(today, 1));
    case "this_year":
      return days(`${today.slice(0, 4)}-01-01`, `${Number(today.slice(0, 4)) + 1}-01-01`);
  }
}

/** `[from, to)` of the named period: from the first instant of its first day to that of the day after its last. */
export function resolveRelativeRange(range: RelativeRange, now: Date, timeZone: string, weekStart: "monday" | "sunday"): { from: Date; to: Date } {
  const { from, to } = namedPeriodDays(range, now, timeZone, weekStart);
  return { from: startOfZonedDay(from, timeZone), to: startOfZonedDay(addDays(to, 1), timeZone) };
}
