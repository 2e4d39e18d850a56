// A time report as CSV: one row per log with its group columns, written by csv-stringify (quoting,
// embedded commas and line breaks, formula-looking cells left to a maintained library).
import { stringify } from "csv-stringify/sync";
import type { ReportDimension } from "@/server/contract/time-report";
import type { ReportLogRow } from "@/server/services/reports/time";
import { csvCell as safe } from "@/server/lib/csv-cell";


export function renderReportCsv(groupBy: ReportDimension[], rows: ReportLogRow[], options: { showAmounts: boolean }): string {
  const header = [...groupBy, "startedAt", "endedAt", "durationSeconds", "hours", "member", "customer", "project", "task", "description", "tags", "isBillable"];
  if (options.showAmounts) header.push("currency", "amountCents");
  const records = rows.map((row) => {
    const record = [
      ...row.groups.map(safe),
      row.startedAt,
      row.endedAt ?? "",
      String(row.durationSeconds),
      (row.durationSeconds / 3600).toFixed(2),
      safe(row.member),
      safe(row.customer),
      safe(row.project),
      safe(row.task),
      safe(row.description),
      safe(row.tags.join(", ")),
      String(row.isBillable),
    ];
    if (options.showAmounts) record.push(row.currency ?? "", row.amountCents === null ? "" : String(row.amountCents));
    return record;
  });
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${stringify([header, ...records])}`;
}
