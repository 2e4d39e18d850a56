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

/** A log's tags in one cell. */
export const tagsCell = (tags: readonly string[]): string => tags.join(", ");

/** The tags of a cell `tagsCell` (or a person) wrote: trimmed, none empty. */
export const readTagsCell = (cell: string): string[] =>
  cell
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
