// A time report as CSV: one row per log, its group columns first, written by csv-stringify (quoting,
// embedded commas and line breaks left to a maintained library), its text cells formula-safe. Every
// header is unique: a log column that is also a grouping (customer, project, task, member) is written
// once, as the group column.
import { stringify } from "csv-stringify/sync";
import type { ReportDimension } from "@/server/contract/time-report";
import type { ReportLogRow } from "@/server/services/reports/time";
import { formulaSafe as safe } from "@/lib/csv";
import { tagsCell, type TimeLogCsvColumn } from "@/lib/time-log-csv";

type Column = [header: TimeLogCsvColumn, value: (row: ReportLogRow) => string];

const LOG_COLUMNS: Column[] = [
  ["startedAt", (row) => row.startedAt],
  ["endedAt", (row) => row.endedAt ?? ""],
  ["durationSeconds", (row) => String(row.durationSeconds)],
  ["hours", (row) => (row.durationSeconds / 3600).toFixed(2)],
  ["billedSeconds", (row) => String(row.billedSeconds)],
  ["member", (row) => safe(row.member)],
  ["customer", (row) => safe(row.customer)],
  ["project", (row) => safe(row.project)],
  ["task", (row) => safe(row.task)],
  ["description", (row) => safe(row.description)],
  ["tags", (row) => safe(tagsCell(row.tags))],
  ["isBillable", (row) => String(row.isBillable)],
  ["invoice", (row) => safe(row.invoice)],
];

const AMOUNT_COLUMNS: Column[] = [
  ["currency", (row) => row.currency ?? ""],
  ["amountCents", (row) => (row.amountCents === null ? "" : String(row.amountCents))],
];

export function renderReportCsv(groupBy: ReportDimension[], rows: ReportLogRow[], options: { showAmounts: boolean }): string {
  const grouped = new Set<string>(groupBy);
  const columns = [...LOG_COLUMNS.filter(([header]) => !grouped.has(header)), ...(options.showAmounts ? AMOUNT_COLUMNS : [])];
  const header = [...groupBy, ...columns.map(([name]) => name)];
  const records = rows.map((row) => [...row.groups.map(safe), ...columns.map(([, value]) => value(row))]);
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${stringify([header, ...records])}`;
}
