// How an import reads a file's dates and local times. A date written year first (2026-03-31) reads one
// way only; 03/04/2026 reads as 4 March in the US (month first) and 3 April in Europe (day first), so
// the format is chosen by the importer, or found from the file: the first date that reads one way only
// (13/10/2026 is day first) decides, and a file whose dates all read both ways is refused, asking for one.
import type { ReadDateFormat } from "@/server/contract/import";
import { instantOfWallClock, type DateString } from "@/lib/time-zone";
import { zonedDay, type ZonedDay } from "@/server/services/time-tracking/placement";

/** How a person writes each format, for messages. */
export const DATE_FORMAT_LABELS: Record<ReadDateFormat, string> = { ymd: "YYYY-MM-DD", mdy: "MM/DD/YYYY", dmy: "DD/MM/YYYY" };

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YEAR_LAST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

function calendarDate(year: string, month: string, day: string): DateString | null {
  const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return date;
}

/**
 * The calendar date a cell means in `format`, or null. Year-first dates read the same in every format;
 * day-or-month-first ones (`/`, `.` or `-` between) need `mdy` or `dmy`.
 */
export function readDate(value: string, format: ReadDateFormat): DateString | null {
  const text = value.trim();
  const yearFirst = text.match(YEAR_FIRST);
  if (yearFirst) return calendarDate(yearFirst[1]!, yearFirst[2]!, yearFirst[3]!);
  const yearLast = text.match(YEAR_LAST);
  if (!yearLast || format === "ymd") return null;
  const [first, second, year] = [yearLast[1]!, yearLast[2]!, yearLast[3]!];
  return format === "mdy" ? calendarDate(year, first, second) : calendarDate(year, second, first);
}

/** The formats in which the cell is a date and, when more than one, whether they read it differently. */
function readings(value: string): { formats: ReadDateFormat[]; differ: boolean } {
  if (YEAR_FIRST.test(value.trim())) return { formats: readDate(value, "ymd") ? ["ymd"] : [], differ: false };
  const formats = (["mdy", "dmy"] as const).filter((format) => readDate(value, format) !== null);
  return { formats, differ: formats.length === 2 && readDate(value, "mdy") !== readDate(value, "dmy") };
}

/**
 * Finds a file's date format from its dates as they come: `see` each one until it returns a format
 * (the first date that reads one way only), then `settle` for the file's end. Only a date that reads
 * both ways and differently makes a file ambiguous (03/03/2026 is the same day either way).
 */
export class DateFormatFinder {
  #ambiguous: { value: string; line: number } | null = null;
  #found: ReadDateFormat | null = null;

  /** The format this date decides, if it reads one way only. */
  see(value: string, line: number): ReadDateFormat | null {
    const { formats, differ } = readings(value);
    if (formats.length === 1) this.#found = formats[0]!;
    else if (differ) this.#ambiguous ??= { value: value.trim(), line };
    return this.#found;
  }

  /** At the file's end: the format found, `ambiguous` with an example, or `dmy` when every date read the same both ways (or none was a date). */
  settle(): { format: ReadDateFormat } | { ambiguous: { value: string; line: number } } {
    if (this.#found) return { format: this.#found };
    return this.#ambiguous ? { ambiguous: this.#ambiguous } : { format: "dmy" };
  }
}

/**
 * Local dates and times of one import in one zone, with each date's zone offset worked out once: a
 * 50,000-row file has a few hundred dates, and asking the zone data per row took most of the reading.
 */
export class LocalTimes {
  readonly #days = new Map<DateString, ZonedDay & { offsetMs: number | null }>();

  constructor(readonly timeZone: string) {}

  day(date: DateString): ZonedDay {
    return this.#day(date);
  }

  /** The instant of a wall-clock time of day on `date` (a time a daylight-saving change skips moves forward with it). */
  instant(date: DateString, secondsOfDay: number): Date {
    const day = this.#day(date);
    const wall = Date.parse(`${date}T00:00:00Z`) + secondsOfDay * 1000;
    if (day.offsetMs !== null) return new Date(wall - day.offsetMs);
    const minutes = Math.floor(secondsOfDay / 60);
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    return new Date((instantOfWallClock(`${date}T${clock}`, this.timeZone) ?? day.start).getTime() + (secondsOfDay % 60) * 1000);
  }

  #day(date: DateString) {
    let day = this.#days.get(date);
    if (!day) {
      const zoned = zonedDay(date, this.timeZone);
      // A day of exactly 24 hours has no daylight-saving change, so one offset throughout; others ask per time.
      const isPlain = zoned.end.getTime() - zoned.start.getTime() === 86_400_000;
      day = { ...zoned, offsetMs: isPlain ? Date.parse(`${date}T00:00:00Z`) - zoned.start.getTime() : null };
      this.#days.set(date, day);
    }
    return day;
  }
}
