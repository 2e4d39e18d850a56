// The one place instants and durations become text, in the web app and in the files the server makes
// (the report PDF). Instants are shown in a zone and clock: the person's (src/lib/display.ts; the
// browser's until the account is known) by default, or the ones given (`…In`, a report's own);
// durations in the chosen format through the one formatter (src/lib/duration.ts).
import { display, intlZoneOptions, type Clock } from "./display";
import { formatDurationAs, type DurationFormat } from "./duration";
import { instantOfWallClock, isDateString, zonedWallClock } from "./time-zone";
import { displayZone } from "./week";

type Instant = string | Date;
const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium" };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: "short" };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };

const format = (style: Intl.DateTimeFormatOptions, value: Instant, clock?: Clock) => new Intl.DateTimeFormat(undefined, { ...style, ...intlZoneOptions(clock) }).format(toDate(value));

/** In the person's zone and clock. */
export const formatDateTime = (value: Instant) => format(DATE_TIME, value);
export const formatDate = (value: Instant) => format(DATE, value);
export const formatTime = (value: Instant) => format(TIME, value);
export const formatWeekday = (value: Instant) => format(WEEKDAY, value);

/** In a given zone and clock (a report's, whoever reads it). */
export const formatDateTimeIn = (value: Instant, clock: Clock) => format(DATE_TIME, value, clock);
export const formatTimeIn = (value: Instant, clock: Clock) => format(TIME, value, clock);

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

/** The person's duration format said in words, for a column or an axis (`h:mm`, `decimal hours`, `h:mm:ss`). */
export function durationUnit(durationFormat: DurationFormat = display().durationFormat): string {
  return durationFormat === "decimal" ? "decimal hours" : durationFormat === "hm" ? "h:mm" : "h:mm:ss";
}

/** Decimal hours with two places (`1.50`), as CSV exports and invoice quantities show them. */
export function formatHours(totalSeconds: number): string {
  return (Math.max(0, totalSeconds) / 3600).toFixed(2);
}

/** Whole seconds from `start` to `now`. */
export function elapsedSeconds(start: Instant, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - toDate(start).getTime()) / 1000));
}

/** A wall-clock `HH:MM` (24 hours) in the given clock: `14:30`, or `2:30 PM`. */
export function wallTimeIn(hhmm: string, timeFormat: Clock["timeFormat"]): string {
  if (timeFormat !== "h12") return hhmm;
  const [hours, minutes] = hhmm.split(":").map(Number) as [number, number];
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/**
 * The text a date-time field shows for an instant, in the person's zone and clock: `2026-11-25 14:30`,
 * or `2026-11-25 2:30 PM`. A date-time field is a text box (DateTimeField), since a browser's own
 * date-time control follows the browser's locale, not the person's clock.
 */
export function toLocalInputValue(value: Instant): string {
  const wall = zonedWallClock(toDate(value), displayZone());
  return `${wall.slice(0, 10)} ${wallTimeIn(wall.slice(11, 16), display().timeFormat)}`;
}

// A date, then a time in either clock: `2026-11-25 14:30`, `2026-11-25T14:30` (what a browser's own
// control holds), `2026-11-25 2:30 pm`, `2026-11-25 9.05`, seconds accepted and dropped.
const DATE_TIME_TEXT = /^(\d{4}-\d{2}-\d{2})(?:\s*T\s*|\s+|,\s*)(\d{1,2})(?:[:.](\d{2}))?(?::\d{2}(?:\.\d+)?)?(?:\s*([ap])\.?\s*m?\.?)?$/i;

/** The instant (ISO, UTC) a date-time field's text means in the person's zone; null if blank or unreadable. */
export function fromLocalInputValue(value: string): string | null {
  const match = DATE_TIME_TEXT.exec(value.trim());
  if (!match || !isDateString(match[1]!)) return null;
  const [, date, hourText, minuteText = "00", meridiem] = match;
  let hours = Number(hourText);
  const minutes = Number(minuteText);
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
  } else if (hours > 23) return null;
  const wall = `${date}T${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
  return instantOfWallClock(wall, displayZone())?.toISOString() ?? null;
}
