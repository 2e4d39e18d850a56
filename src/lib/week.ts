// Weeks as a timesheet shows them: from the person's week start (Monday unless they chose Sunday, see
// src/lib/display.ts) in the browser's time zone. Days are built with
// calendar arithmetic (setDate), so a daylight-saving change gives a 23- or 25-hour day, not a shift.
import { display } from "./display";

/** Local midnight of the day holding `date`. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());
}

/** Local midnight of the first day (Monday, or Sunday by preference) of `date`'s week. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const firstDay = display().weekStart === "sunday" ? 0 : 1;
  return addDays(day, -((day.getDay() - firstDay + 7) % 7));
}

/** The seven local midnights of the week, and the first day of the next week as the end. */
export function weekBounds(weekStart: Date): { dayStarts: Date[]; end: Date } {
  const monday = startOfWeek(weekStart);
  return { dayStarts: Array.from({ length: 7 }, (_, index) => addDays(monday, index)), end: addDays(monday, 7) };
}

/** `YYYY-MM-DD` of a local date, as the week appears in the page's address. */
export function toDateParam(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day of the week named by a `YYYY-MM-DD` parameter; this week when absent or invalid. */
export function weekFromParam(param: string | null | undefined, today = new Date()): Date {
  const match = param?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return startOfWeek(today);
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) || toDateParam(date) !== param ? startOfWeek(today) : startOfWeek(date);
}

/** Index (0 = the week's first day) of the day of `dayStarts` an instant falls in, or -1 outside the week. */
export function dayIndexOf(instant: Date, bounds: { dayStarts: Date[]; end: Date }): number {
  const time = instant.getTime();
  if (time < bounds.dayStarts[0]!.getTime() || time >= bounds.end.getTime()) return -1;
  let index = 0;
  while (index + 1 < bounds.dayStarts.length && time >= bounds.dayStarts[index + 1]!.getTime()) index += 1;
  return index;
}
