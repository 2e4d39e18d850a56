// How each source's CSV reads: which columns hold what, and how dates, times, durations and flags are
// written. Pure functions of one record (header names lowercased), so each format can be tested alone.
import type { ImportError, ImportSource } from "@/server/contract/import";
import { readCsvCell } from "@/server/lib/csv-cell";
import { isDateString, startOfZonedDay } from "@/lib/time-zone";

/** A row as a time log to be: names, not ids; the member by email (none: the importer). */
export interface ImportedRow {
  line: number;
  email: string | null;
  customer: string | null;
  project: string | null;
  task: string | null;
  description: string | null;
  startedAt: Date;
  durationSeconds: number;
  tags: string[];
  isBillable: boolean;
}

type Cells = Record<string, string>;
type Fail = (field: string, message: string) => null;

interface Format {
  /** Columns a file must have. */
  required: string[];
  read(cells: Cells, timeZone: string, fail: Fail): Omit<ImportedRow, "line" | "email" | "customer" | "project" | "task" | "description" | "tags"> | null;
  names: { email?: string; customer: string; project: string; task: string; description: string; tags?: string };
}

const MAX_SECONDS = 43_200;

function parseDate(value: string): string | null {
  const us = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  const date = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : value;
  return isDateString(date) ? date : null;
}

/** Seconds since midnight of `13:05`, `13:05:09`, `1:05 PM`, `01:05:09 pm`. */
function parseTimeOfDay(value: string): number | null {
  const match = value.trim().match(/^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]m)?$/i);
  if (!match) return null;
  let hours = Number(match[1]);
  const meridiem = match[4]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === "pm" ? 12 : 0);
  }
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** `1:30:00`, `1:30` (hours and minutes) or decimal hours `1.5` / `1,5`. */
function parseDuration(value: string): number | null {
  const clock = value.trim().match(/^(\d+):(\d{2})(?::(\d{2}))?$/);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const decimal = value.trim().replace(",", ".");
  return /^\d+(\.\d+)?$/.test(decimal) ? Math.round(Number(decimal) * 3600) : null;
}

function parseFlag(value: string | undefined): boolean | null {
  const flag = (value ?? "").trim().toLowerCase();
  if (flag === "") return true;
  if (["yes", "true", "1", "y"].includes(flag)) return true;
  if (["no", "false", "0", "n"].includes(flag)) return false;
  return null;
}

/** A local date and time in the zone; a time in a daylight-saving gap or overlap takes the day's offset at midnight. */
const localInstant = (date: string, secondsOfDay: number, timeZone: string) => new Date(startOfZonedDay(date, timeZone).getTime() + secondsOfDay * 1000);

function readSeconds(value: string, field: string, fail: Fail): number | null {
  const seconds = parseDuration(value);
  if (seconds === null) return fail(field, "is not a duration (use 1:30:00 or 1.5)");
  if (seconds > MAX_SECONDS) return fail(field, "must be at most 12 hours");
  return seconds;
}

function readBillable(value: string | undefined, field: string, fail: Fail): boolean | null {
  const flag = parseFlag(value);
  return flag === null ? fail(field, "must be yes or no") : flag;
}

/** Date and time columns of one start, as in Toggl's and Clockify's detailed exports. */
function readStart(cells: Cells, dateColumn: string, timeColumn: string, timeZone: string, fail: Fail): Date | null {
  const date = parseDate(cells[dateColumn] ?? "");
  if (!date) return fail(dateColumn, "is not a date (use 2026-03-31 or 03/31/2026)");
  const time = parseTimeOfDay(cells[timeColumn] ?? "");
  if (time === null) return fail(timeColumn, "is not a time of day (use 13:30 or 1:30 PM)");
  return localInstant(date, time, timeZone);
}

function startAndClock(dateColumn: string, timeColumn: string, durationColumn: string, billableColumn: string): Format["read"] {
  return (cells, timeZone, fail) => {
    const startedAt = readStart(cells, dateColumn, timeColumn, timeZone, fail);
    const durationSeconds = readSeconds(cells[durationColumn] ?? "", durationColumn, fail);
    const isBillable = readBillable(cells[billableColumn], billableColumn, fail);
    return startedAt && durationSeconds !== null && isBillable !== null ? { startedAt, durationSeconds, isBillable } : null;
  };
}

export const FORMATS: Record<ImportSource, Format> = {
  toggl: {
    required: ["start date", "start time", "duration"],
    read: startAndClock("start date", "start time", "duration", "billable"),
    names: { email: "email", customer: "client", project: "project", task: "task", description: "description", tags: "tags" },
  },
  clockify: {
    required: ["start date", "start time", "duration (h)"],
    read: startAndClock("start date", "start time", "duration (h)", "billable"),
    names: { email: "email", customer: "client", project: "project", task: "task", description: "description", tags: "tags" },
  },
  harvest: {
    // Harvest's detailed time report has a date and hours, no start time: a log starts at the day's first instant.
    required: ["date", "hours"],
    read(cells, timeZone, fail) {
      const date = parseDate(cells.date ?? "");
      if (!date) return fail("date", "is not a date (use 2026-03-31 or 03/31/2026)");
      const durationSeconds = readSeconds(cells.hours ?? "", "hours", fail);
      const isBillable = readBillable(cells["billable?"], "billable?", fail);
      return durationSeconds !== null && isBillable !== null ? { startedAt: localInstant(date, 0, timeZone), durationSeconds, isBillable } : null;
    },
    names: { email: "email", customer: "client", project: "project", task: "task", description: "notes" },
  },
  orbit: {
    required: ["startedat", "durationseconds"],
    read(cells, _timeZone, fail) {
      const startedAt = new Date(cells.startedat ?? "");
      if (!/^\d{4}-\d{2}-\d{2}T/.test(cells.startedat ?? "") || Number.isNaN(startedAt.getTime())) return fail("startedAt", "is not an ISO 8601 instant");
      const raw = cells.durationseconds ?? "";
      const durationSeconds = /^\d+$/.test(raw) ? Number(raw) : null;
      if (durationSeconds === null || durationSeconds > MAX_SECONDS) return fail("durationSeconds", "must be whole seconds, at most 43200");
      const isBillable = readBillable(cells.isbillable, "isBillable", fail);
      return isBillable === null ? null : { startedAt, durationSeconds, isBillable };
    },
    names: { email: "email", customer: "customer", project: "project", task: "task", description: "description", tags: "tags" },
  },
};

const text = (value: string | undefined) => {
  const cell = readCsvCell((value ?? "").trim());
  return cell === "" ? null : cell;
};

/** One record of a source's file as a row, or its errors. */
export function readRow(source: ImportSource, cells: Cells, line: number, timeZone: string, errors: ImportError[]): ImportedRow | null {
  const format = FORMATS[source];
  const fail: Fail = (field, message) => {
    errors.push({ line, field, message });
    return null;
  };
  const times = format.read(cells, timeZone, fail);
  if (!times) return null;
  const { names } = format;
  const tags = names.tags ? (text(cells[names.tags]) ?? "").split(",").map((tag) => tag.trim()).filter(Boolean) : [];
  const email = names.email ? text(cells[names.email])?.toLowerCase() ?? null : null;
  return { line, email, customer: text(cells[names.customer]), project: text(cells[names.project]), task: text(cells[names.task]), description: text(cells[names.description]), tags: [...new Set(tags)], ...times };
}
