// How each source's CSV reads, after the columns of each tool's documented export: Toggl Track's and
// Clockify's detailed reports, Harvest's detailed time report, Orbit's own time-logs.csv. Pure functions
// of one record (header names lowercased), so each format can be tested alone. Dates stay as written
// here: how they read depends on the file's date format (dates.ts).
import type { ImportError, ImportSource } from "@/server/contract/import";
import { readFormulaSafe } from "@/lib/csv";
import { MAX_LOG_SECONDS } from "@/lib/limits";
import { formatDurationAs } from "@/lib/duration";
import { readTagsCell, type TimeLogCsvColumn } from "@/lib/time-log-csv";

/** Who a row's time belongs to, as the file names them. */
export interface PersonCells {
  /** Toggl's and Clockify's User, Harvest's First and Last Name, Orbit's member; "" when the file has none. */
  name: string;
  /** Lowercased; null when the file has no email for the row (Harvest never has). */
  email: string | null;
}

/** When a row's time happened, as the file writes it. */
export type RowTime =
  /** An instant (Orbit's export). */
  | { instant: Date }
  /** A local date cell, with a time of day (seconds since midnight) or none (Harvest, or a blank start time). */
  | { date: string; dateColumn: string; secondsOfDay: number | null };

/** One record as a time log to be: names, not ids. */
export interface RowFields {
  line: number;
  person: PersonCells;
  customer: string | null;
  project: string | null;
  task: string | null;
  description: string | null;
  time: RowTime;
  durationSeconds: number;
  tags: string[];
  isBillable: boolean;
  /** Invoiced in the other tool (Harvest's `Invoiced?`). */
  billedExternally: boolean;
}

type Cells = Record<string, string>;

/** A column of Orbit's own file as the reader holds its header (lowercased). */
const orbitHeader = (column: TimeLogCsvColumn) => column.toLowerCase();
type Fail = (field: string, message: string) => null;

interface Format {
  /** Columns a file must have: each entry is one column, or alternatives of which one is enough. */
  required: string[][];
  /** Whose the row is: read for every row, a row with problems too, so each person's rows are all counted. */
  person(cells: Cells): PersonCells;
  read(cells: Cells, fail: Fail, header: ReadonlySet<string>): Omit<RowFields, "line" | "tags" | "person"> | null;
  tags?: string;
}

const text = (value: string | undefined) => {
  const cell = readFormulaSafe((value ?? "").trim());
  return cell === "" ? null : cell;
};

/** Seconds since midnight of `13:05`, `13:05:09`, `1:05 PM`, `01:05:09 pm`. */
function parseTimeOfDay(value: string): number | null {
  const match = value.trim().match(/^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i);
  if (!match) return null;
  let hours = Number(match[1]);
  const meridiem = match[4]?.toLowerCase().replace(/\./g, "");
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === "pm" ? 12 : 0);
  }
  const minutes = Number(match[2]);
  const seconds = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** `1:30:00`, `1:30` (hours and minutes) or decimal hours `1.5` / `1,5`, as the tools write durations. */
function parseDuration(value: string): number | null {
  const clock = value.trim().match(/^(\d+):(\d{2})(?::(\d{2}))?$/);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const decimal = value.trim().replace(",", ".");
  return /^\d+(\.\d+)?$/.test(decimal) ? Math.round(Number(decimal) * 3600) : null;
}

function parseFlag(value: string | undefined, blank: boolean): boolean | null {
  const flag = (value ?? "").trim().toLowerCase();
  if (flag === "") return blank;
  if (["yes", "true", "1", "y"].includes(flag)) return true;
  if (["no", "false", "0", "n"].includes(flag)) return false;
  return null;
}

/** A row longer than a log may last is an error of that row: split it in the file, or skip it. */
function readSeconds(seconds: number | null, field: string, fail: Fail): number | null {
  if (seconds === null) return fail(field, "is not a duration (use 1:30:00 or 1.5)");
  if (seconds > MAX_LOG_SECONDS) return fail(field, `is ${formatDurationAs(seconds, "hm")}, longer than the ${MAX_LOG_SECONDS / 3600} hours a time log may last: split the row into shorter ones, or skip it`);
  return seconds;
}

function readFlag(value: string | undefined, field: string, fail: Fail, blank = true): boolean | null {
  const flag = parseFlag(value, blank);
  return flag === null ? fail(field, "must be yes or no") : flag;
}

/** The first of `columns` the file has. */
const firstPresent = (header: ReadonlySet<string>, columns: string[]) => columns.find((column) => header.has(column)) ?? columns[0]!;

/** A date cell and a start-time cell, as in Toggl's and Clockify's detailed exports; a blank start time leaves the row a date and hours. */
function readDateAndTime(cells: Cells, dateColumn: string, timeColumn: string, fail: Fail): RowTime | null {
  const date = (cells[dateColumn] ?? "").trim();
  if (!date) return fail(dateColumn, "is missing: every row needs a date");
  const clock = (cells[timeColumn] ?? "").trim();
  if (!clock) return { date, dateColumn, secondsOfDay: null };
  const secondsOfDay = parseTimeOfDay(clock);
  if (secondsOfDay === null) return fail(timeColumn, "is not a time of day (use 13:30 or 1:30 PM)");
  return { date, dateColumn, secondsOfDay };
}

const email = (value: string | undefined) => text(value)?.toLowerCase() ?? null;

/** Toggl Track's and Clockify's detailed reports: the same columns, but for the duration's. */
function detailedReport(durationColumns: string[]): Format {
  return {
    required: [["start date"], ["start time"], durationColumns],
    read(cells, fail, header) {
      const durationColumn = firstPresent(header, durationColumns);
      const time = readDateAndTime(cells, "start date", "start time", fail);
      const durationSeconds = readSeconds(parseDuration(cells[durationColumn] ?? ""), durationColumn, fail);
      const isBillable = readFlag(cells.billable, "billable", fail);
      if (!time || durationSeconds === null || isBillable === null) return null;
      return {
        customer: text(cells.client),
        project: text(cells.project),
        task: text(cells.task),
        description: text(cells.description),
        time,
        durationSeconds,
        isBillable,
        billedExternally: false,
      };
    },
    person: (cells) => ({ name: text(cells.user ?? cells.member) ?? "", email: email(cells.email) }),
    tags: "tags",
  };
}

export const FORMATS: Record<ImportSource, Format> = {
  // User, Email, Client, Project, Task, Description, Billable, Start date, Start time, End date, End time, Duration, Tags, Amount
  toggl: detailedReport(["duration"]),
  // Project, Client, Description, Task, User, Group, Email, Tags, Billable, Start Date, Start Time, End Date, End Time, Duration (h), Duration (decimal), …
  clockify: detailedReport(["duration (h)", "duration (decimal)"]),
  // Date, Client, Project, Project Code, Task, Notes, Hours, Hours Rounded, Billable?, Invoiced?, Approved?, First Name, Last Name, …
  // A date and hours, no start time. Harvest's task is what the time was spent on ("Design"): it
  // becomes the start of the log's description, not an Orbit task (a to-do).
  harvest: {
    required: [["date"], ["hours"]],
    read(cells, fail) {
      const date = (cells.date ?? "").trim();
      if (!date) return fail("date", "is missing: every row needs a date");
      const durationSeconds = readSeconds(parseDuration(cells.hours ?? ""), "hours", fail);
      const isBillable = readFlag(cells["billable?"], "billable?", fail);
      const billedExternally = readFlag(cells["invoiced?"], "invoiced?", fail, false);
      if (durationSeconds === null || isBillable === null || billedExternally === null) return null;
      const [task, notes] = [text(cells.task), text(cells.notes)];
      return {
        customer: text(cells.client),
        project: text(cells.project),
        task: null,
        description: task && notes ? `${task}: ${notes}` : (task ?? notes),
        time: { date, dateColumn: "date", secondsOfDay: null },
        durationSeconds,
        isBillable,
        billedExternally,
      };
    },
    person: (cells) => ({ name: [text(cells["first name"]), text(cells["last name"])].filter(Boolean).join(" "), email: null }),
  },
  // Orbit's time-logs.csv (EXPORTED_TIME_LOG_COLUMNS), by the column names it is written with.
  orbit: {
    required: [[orbitHeader("startedAt")], [orbitHeader("durationSeconds")]],
    read(cells, fail) {
      const cell = (column: TimeLogCsvColumn) => cells[orbitHeader(column)];
      const startedAt = cell("startedAt") ?? "";
      const instant = new Date(startedAt);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(startedAt) || Number.isNaN(instant.getTime())) return fail("startedAt", "is not an ISO 8601 instant");
      const raw = (cell("durationSeconds") ?? "").trim();
      const durationSeconds = readSeconds(/^\d+$/.test(raw) ? Number(raw) : null, "durationSeconds", fail);
      const isBillable = readFlag(cell("isBillable"), "isBillable", fail);
      const billedExternally = readFlag(cell("billedExternally"), "billedExternally", fail, false);
      if (durationSeconds === null || isBillable === null || billedExternally === null) return null;
      return {
        customer: text(cell("customer")),
        project: text(cell("project")),
        task: text(cell("task")),
        description: text(cell("description")),
        time: { instant },
        durationSeconds,
        isBillable,
        billedExternally,
      };
    },
    person: (cells) => ({ name: text(cells[orbitHeader("member")]) ?? "", email: email(cells[orbitHeader("email")]) }),
    tags: orbitHeader("tags"),
  },
};

/** The required columns the header lacks, as errors on line 1. */
export function missingColumns(source: ImportSource, header: ReadonlySet<string>): ImportError[] {
  return FORMATS[source].required
    .filter((alternatives) => !alternatives.some((column) => header.has(column)))
    .map((alternatives) => ({ line: 1, field: alternatives[0]!, message: `the ${source} file needs a "${alternatives.join('" or "')}" column` }));
}

/** Whose a record of a source's file is. */
export const personOf = (source: ImportSource, cells: Cells): PersonCells => FORMATS[source].person(cells);

/** One record of a source's file as a row, or null with its errors added to `errors`. */
export function readRow(source: ImportSource, cells: Cells, line: number, header: ReadonlySet<string>, errors: ImportError[]): RowFields | null {
  const format = FORMATS[source];
  const fail: Fail = (field, message) => {
    errors.push({ line, field, message });
    return null;
  };
  const fields = format.read(cells, fail, header);
  if (!fields) return null;
  const tags = format.tags ? readTagsCell(text(cells[format.tags]) ?? "") : [];
  return { line, person: format.person(cells), ...fields, tags: [...new Set(tags)] };
}

/** The date column's cell of a record, for finding the file's date format; null for a source without local dates. */
export function dateCell(source: ImportSource, cells: Cells): string | null {
  if (source === "orbit") return null;
  return (cells[source === "harvest" ? "date" : "start date"] ?? "").trim() || null;
}
