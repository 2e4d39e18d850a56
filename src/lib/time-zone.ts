// Calendar days in an IANA time zone, on the runtime's own zone data (Intl), framework-free so the
// server and the web app agree. A day starts at its first instant (local midnight, or the first
// instant after a gap), so a daylight-saving change gives a 23- or 25-hour day.

/** A calendar date `YYYY-MM-DD`. */
export type DateString = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone this runtime runs in: in the browser, the person's computer's zone. */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The zones this runtime knows, for a picker, with `current` first when the list lacks it. */
export function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** Whether the runtime knows `name` as an IANA time zone (aliases such as `UTC` included). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 100) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The local calendar date of an instant in the zone. */
export function zonedDate(instant: Date, timeZone: string): DateString {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** The first instant of a calendar date in the zone. */
export function startOfZonedDay(date: DateString, timeZone: string): Date {
  const wallMidnight = Date.parse(`${date}T00:00:00Z`);
  // Two passes settle the offset on either side of a change; a midnight inside a gap moves to the gap's end.
  let instant = wallMidnight - offsetAt(wallMidnight, timeZone);
  instant = wallMidnight - offsetAt(instant, timeZone);
  while (zonedDate(new Date(instant), timeZone) < date) instant += 15 * 60_000;
  while (zonedDate(new Date(instant - 1), timeZone) === date) instant -= 15 * 60_000;
  return new Date(instant);
}

/** Calendar arithmetic on dates (no zone involved). */
export function addDays(date: DateString, days: number): DateString {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: DateString): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isDateString(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value;
}

/** The seven dates of the week holding `date`, from its first day (`monday` or `sunday`). */
export function weekDates(date: DateString, weekStart: "monday" | "sunday"): DateString[] {
  const first = addDays(date, -((weekdayOf(date) - (weekStart === "monday" ? 1 : 0) + 7) % 7));
  return Array.from({ length: 7 }, (_, index) => addDays(first, index));
}

/** `YYYY-MM-DDTHH:MM`, the wall clock of an instant in the zone (what a datetime-local field holds). */
export function zonedWallClock(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

/** The instant a wall clock `YYYY-MM-DDTHH:MM` means in the zone (a time inside a gap moves forward by the gap). */
export function instantOfWallClock(wall: string, timeZone: string): Date | null {
  const asUtc = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // Two passes settle the offset on either side of a change, as for a day's start.
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(guess, timeZone));
}
