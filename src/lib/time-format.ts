// The one place the web app turns instants and durations into text. Instants are shown in the person's
// time zone and clock (src/lib/display.ts; the browser's until the account is known); durations in
// their chosen format through the one formatter (src/lib/duration.ts).
import { display, intlZoneOptions } from "./display";
import { formatDurationAs } from "./duration";
import { instantOfWallClock, zonedWallClock } from "./time-zone";
import { displayZone } from "./week";

const dateTimeFormat = () => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", ...intlZoneOptions() });
const dateFormat = () => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", ...intlZoneOptions() });
const timeFormat = () => new Intl.DateTimeFormat(undefined, { timeStyle: "short", ...intlZoneOptions() });
const weekdayFormat = () => new Intl.DateTimeFormat(undefined, { weekday: "short", day: "numeric", month: "short", ...intlZoneOptions() });

type Instant = string | Date;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

export const formatDateTime = (value: Instant) => dateTimeFormat().format(toDate(value));
export const formatDate = (value: Instant) => dateFormat().format(toDate(value));
export const formatTime = (value: Instant) => timeFormat().format(toDate(value));
export const formatWeekday = (value: Instant) => weekdayFormat().format(toDate(value));

/** A calendar day (`2026-12-31`, or an instant at its midnight UTC) as that day, whatever the zone: a due date, an invoice's issue date. */
export const formatCalendarDay = (day: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/** `1:05:09` — hours, minutes, seconds; what a running timer shows. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** A logged duration in the person's format: `2:05` (hm, the default), `2.08` (decimal) or `2:05:00` (hms). */
export function formatDuration(totalSeconds: number): string {
  return formatDurationAs(totalSeconds, display().durationFormat);
}

/** Decimal hours with two places (`1.50`), as timesheets and CSV exports show them. */
export function formatHours(totalSeconds: number): string {
  return (Math.max(0, totalSeconds) / 3600).toFixed(2);
}

/** Whole seconds from `start` to `now`. */
export function elapsedSeconds(start: Instant, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - toDate(start).getTime()) / 1000));
}

/** The value a `<input type="datetime-local">` shows for an instant, in the person's zone. */
export function toLocalInputValue(value: Instant): string {
  return zonedWallClock(toDate(value), displayZone());
}

/** The instant (ISO, UTC) a `datetime-local` value means in the person's zone; null if blank or invalid. */
export function fromLocalInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  return instantOfWallClock(value.slice(0, 16), displayZone())?.toISOString() ?? null;
}
