// The Export CSV file of the Time logs page: one row per log, durations in seconds and hours, times
// as ISO instants (UTC) so that any tool reads them the same way.
import { toCsv, type CsvColumn } from "@/lib/csv";
import { formatHours } from "@/lib/time-format";
import { tagsCell } from "@/lib/time-log-csv";
import type { AppTimeLog } from "@/components/ui/time-log-table";

const COLUMNS: CsvColumn<AppTimeLog>[] = [
  { header: "id", value: (log) => log.id },
  { header: "started_at", value: (log) => log.startedAt },
  { header: "ended_at", value: (log) => log.endedAt },
  { header: "duration_seconds", value: (log) => log.durationSeconds },
  { header: "duration_hours", value: (log) => Number(formatHours(log.durationSeconds)) },
  { header: "member", value: (log) => log.userName },
  { header: "task", value: (log) => log.taskTitle },
  { header: "customer", value: (log) => log.customerName },
  { header: "description", value: (log) => log.description },
  { header: "billable", value: (log) => log.isBillable },
  { header: "tags", value: (log) => tagsCell(log.tags) },
  { header: "source", value: (log) => log.source },
];

/** Oldest first, as a timesheet reads. */
export function timeLogsCsv(logs: readonly AppTimeLog[]): string {
  return toCsv(COLUMNS, [...logs].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id)));
}
