// The columns of Orbit's time-log CSV files, each named once: the export's time-logs.csv (which the
// importer reads back as source `orbit`) and the time report's CSV write these names, and the importer
// reads them (lowercased, as it reads every header). Tags share one cell, comma-separated.

export type TimeLogCsvColumn =
  | "id"
  | "email"
  | "member"
  | "customer"
  | "project"
  | "task"
  | "description"
  | "startedAt"
  | "endedAt"
  | "durationSeconds"
  | "hours"
  | "billedSeconds"
  | "tags"
  | "isBillable"
  | "billedExternally"
  | "invoice"
  | "source"
  | "currency"
  | "amountCents";

/** The export's time-logs.csv, in order: what an import with source `orbit` reads back. */
export const EXPORTED_TIME_LOG_COLUMNS = [
  "id",
  "email",
  "member",
  "customer",
  "project",
  "task",
  "description",
  "startedAt",
  "endedAt",
  "durationSeconds",
  "tags",
  "isBillable",
  "billedExternally",
  "source",
] as const satisfies readonly TimeLogCsvColumn[];

/**
 * A log's tags in one cell, separated by ", ": a tag holding a comma or a quote is quoted (its quotes
 * doubled), as a CSV field is, so that `readTagsCell` reads it back as one tag.
 */
export const tagsCell = (tags: readonly string[]): string => tags.map((tag) => (/[",]/.test(tag) ? `"${tag.replace(/"/g, '""')}"` : tag)).join(", ");

/** One tag of a cell: a quoted one (quotes doubled, closed before the next comma), else the text up to the next comma. */
const TAG_ITEM = /\s*(?:"((?:[^"]|"")*)"\s*(?=,|$)|([^,]*))(?:,|$)/g;

/** The tags of a cell `tagsCell` (or a person, or another tool: `design, review`) wrote: trimmed, none empty. */
export const readTagsCell = (cell: string): string[] =>
  [...cell.matchAll(TAG_ITEM)].map(([, quoted, plain]) => (quoted === undefined ? plain! : quoted.replace(/""/g, '"')).trim()).filter(Boolean);
