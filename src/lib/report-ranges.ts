// Relative report ranges (this week, last month, …) as instants: whole calendar periods in a time
// zone, counted at a given moment. A pure function of (range, now, zone, week start), shared by saved
// reports on the server and the Reports page in the browser.
import type { RelativeRange } from "@/server/contract/saved-report";
import { addDays, startOfZonedDay, weekDates, zonedDate, type DateString } from "./time-zone";

const firstOfMonth = (date: DateString, monthsAhead = 0): DateString => {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + monthsAhead, 1));
  return first.toISOString().slice(0, 10);
};

/** `[from, to)` of the range: from the first instant of its first day to that of the day after its last. */
export function resolveRelativeRange(range: RelativeRange, now: Date, timeZone: string, weekStart: "monday" | "sunday"): { from: Date; to: Date } {
  const today = zonedDate(now, timeZone);
  const days = (first: DateString, next: DateString) => ({ from: startOfZonedDay(first, timeZone), to: startOfZonedDay(next, timeZone) });
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
