// The Export CSV file of the Time logs page: one row per log in Orbit's time-log columns, durations in
// seconds and hours, times as ISO instants (UTC) so that any tool reads them the same way.
import { toCsv, type CsvColumn } from "@/lib/csv";
import { formatHours } from "@/lib/time-format";
import { tagsCell, type TimeLogCsvColumn } from "@/lib/time-log-csv";
import type { AppTimeLog } from "@/components/ui/time-log-table";

/** Orbit's time-log columns (src/lib/time-log-csv.ts), so the file reads like the export's and imports back. */
const column = (header: TimeLogCsvColumn, value: CsvColumn<AppTimeLog>["value"]): CsvColumn<AppTimeLog> => ({ header, value });

const COLUMNS: CsvColumn<AppTimeLog>[] = [
  column("id", (log) => log.id),
  column("member", (log) => log.userName),
  column("customer", (log) => log.customerName),
  column("project", (log) => log.projectName),
  column("task", (log) => log.taskTitle),
  column("description", (log) => log.description),
  column("startedAt", (log) => log.startedAt),
  column("endedAt", (log) => log.endedAt),
  column("durationSeconds", (log) => log.durationSeconds),
  column("hours", (log) => Number(formatHours(log.durationSeconds))),
  column("tags", (log) => tagsCell(log.tags)),
  column("isBillable", (log) => log.isBillable),
  column("source", (log) => log.source),
];

/** Oldest first, as a timesheet reads. */
export function timeLogsCsv(logs: readonly AppTimeLog[]): string {
  return toCsv(COLUMNS, [...logs].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id)));
}
