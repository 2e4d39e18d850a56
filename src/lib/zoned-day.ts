// Calendar days in a named time zone, for the server's first render of pages whose data depends on
// the browser's day (today's logs, this month's report). The browser tells its zone in a cookie; the
// server computes the same instants the browser would (`startOfDay`, `addDays` of src/lib/week.ts),
// so both ask for the same query.

/** The cookie the app sets to the browser's IANA time zone. */
export const TIME_ZONE_COOKIE = "orbit-tz";

/** Whether `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface CalendarDay {
  year: number;
  /** 0 = January, as `Date` counts. */
  month: number;
  day: number;
}

/** The calendar day and wall-clock time of `instant` in `zone`. */
function wallClock(instant: Date, zone: string): CalendarDay & { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part("year"), month: part("month") - 1, day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** Milliseconds `zone`'s wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: Date, zone: string): number {
  const wall = wallClock(instant, zone);
  return Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of midnight starting a calendar day in `zone` (days past the month's end roll over). */
function midnight({ year, month, day }: CalendarDay, zone: string): Date {
  const asUtc = Date.UTC(year, month, day);
  // Twice: the offset at the first guess may differ from the offset at the answer across a change.
  const guess = asUtc - offsetAt(new Date(asUtc), zone);
  return new Date(asUtc - offsetAt(new Date(guess), zone));
}

/** The calendar day holding `instant` in `zone`. */
export function dayIn(instant: Date, zone: string): CalendarDay {
  const { year, month, day } = wallClock(instant, zone);
  return { year, month, day };
}

/** Midnight in `zone` of the day holding `instant`, moved by `days` calendar days. */
export function startOfDayIn(instant: Date, zone: string, days = 0): Date {
  const today = dayIn(instant, zone);
  return midnight({ ...today, day: today.day + days }, zone);
}

/** Midnight in `zone` of a `YYYY-MM-DD` day, moved by `days`; null when it is not a day. */
export function startOfNamedDayIn(value: string, zone: string, days = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? midnight({ year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) + days }, zone) : null;
}

/**
 * `weekBounds(weekFromParam(param))` of src/lib/week.ts as the browser in `zone` computes it: the
 * seven midnights Monday … Sunday of the week named by `param` (this week when absent or invalid),
 * and the Monday after.
 */
export function weekIn(param: string | null | undefined, instant: Date, zone: string): { dayStarts: Date[]; end: Date } {
  const match = param?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  let day = dayIn(instant, zone);
  if (match) {
    const named = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (named.toISOString().slice(0, 10) === param) day = { year: named.getUTCFullYear(), month: named.getUTCMonth(), day: named.getUTCDate() };
  }
  const sinceMonday = (new Date(Date.UTC(day.year, day.month, day.day)).getUTCDay() + 6) % 7;
  const monday = { ...day, day: day.day - sinceMonday };
  return { dayStarts: Array.from({ length: 7 }, (_, index) => midnight({ ...monday, day: monday.day + index }, zone)), end: midnight({ ...monday, day: monday.day + 7 }, zone) };
}
