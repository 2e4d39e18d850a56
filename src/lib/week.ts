// Days and weeks as the web app shows them: in the person's time zone and from their week start
// (their preferences, src/lib/display.ts; the browser's zone and Monday until the account is known),
// never the browser's own zone when they chose another. Days are calendar dates in that zone, so a
// daylight-saving change gives a 23- or 25-hour day, not a shift.
import { display } from "./display";
import { addDays as addDateDays, isDateString, startOfZonedDay, weekDates, zonedDate, type DateString } from "./time-zone";

/** The zone days are counted in: the person's, else the browser's. */
export function displayZone(): string {
  return display().timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The first instant of the day holding `date`, in the person's zone. */
export function startOfDay(date: Date): Date {
  const zone = displayZone();
  return startOfZonedDay(zonedDate(date, zone), zone);
}

/** The same time of day `days` calendar days later (or earlier), in the person's zone. */
export function addDays(date: Date, days: number): Date {
  const zone = displayZone();
  const dayStart = startOfDay(date);
  return new Date(startOfZonedDay(addDateDays(zonedDate(date, zone), days), zone).getTime() + (date.getTime() - dayStart.getTime()));
}

/** The first day (Monday, or Sunday by preference) of `date`'s week, at its first instant. */
export function startOfWeek(date: Date): Date {
  const zone = displayZone();
  return startOfZonedDay(weekDates(zonedDate(date, zone), display().weekStart)[0]!, zone);
}

/** The seven days' first instants, and the first instant of the next week as the end. */
export function weekBounds(weekStart: Date): { dayStarts: Date[]; end: Date } {
  const zone = displayZone();
  const days = weekDates(zonedDate(weekStart, zone), display().weekStart);
  return { dayStarts: days.map((day) => startOfZonedDay(day, zone)), end: startOfZonedDay(addDateDays(days[6]!, 1), zone) };
}

/** `YYYY-MM-DD` of an instant's day in the person's zone, as the week appears in the page's address. */
export function toDateParam(date: Date): DateString {
  return zonedDate(date, displayZone());
}

/** The first day of the week named by a `YYYY-MM-DD` parameter; this week when absent or invalid. */
export function weekFromParam(param: string | null | undefined, today = new Date()): Date {
  if (!param || !isDateString(param)) return startOfWeek(today);
  return startOfWeek(startOfZonedDay(param, displayZone()));
}

/** Index (0 = the week's first day) of the day of `dayStarts` an instant falls in, or -1 outside the week. */
export function dayIndexOf(instant: Date, bounds: { dayStarts: Date[]; end: Date }): number {
  const time = instant.getTime();
  if (time < bounds.dayStarts[0]!.getTime() || time >= bounds.end.getTime()) return -1;
  let index = 0;
  while (index + 1 < bounds.dayStarts.length && time >= bounds.dayStarts[index + 1]!.getTime()) index += 1;
  return index;
}
