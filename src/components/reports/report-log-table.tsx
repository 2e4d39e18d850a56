"use client";
// The report's detail: one row per time log, its start in the report's zone (the zone its days and
// weeks are counted in) and the reader's clock, its duration in their format, shown once the page
// runs in the browser so the server's HTML and the first browser render agree.
import { NumberCell, Table } from "@/components/ui";
import { display } from "@/lib/display";
import { formatDateTimeIn, formatDuration } from "@/lib/time-format";
import { useHydrated } from "@/lib/use-hydrated";
import type { ReportLogView } from "@/server/contract/time-report";

function StartedAt({ value, timeZone }: { value: string; timeZone: string }) {
  const isHydrated = useHydrated();
  return <time dateTime={value}>{isHydrated ? formatDateTimeIn(value, { timeZone, timeFormat: display().timeFormat }) : ""}</time>;
}

export function ReportLogTable({ rows, timeZone }: { rows: ReportLogView[]; timeZone: string }) {
  return (
    <Table caption="Time logs in this report" columns={["Started", "Description", "Member", "Customer", "Project", "Task", "Billable", { numeric: "Hours" }]}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="report-log-row">
            <td className="whitespace-nowrap">
              <StartedAt value={row.startedAt} timeZone={timeZone} />
            </td>
            <td data-label="Description" className="wrap-anywhere">
              {row.description || <span className="text-muted-foreground">No description</span>}
            </td>
            <td data-label="Member">{row.member}</td>
            <td data-label="Customer">{row.customer ?? "—"}</td>
            <td data-label="Project">{row.project ?? "—"}</td>
            <td data-label="Task">{row.task ?? "—"}</td>
            <td data-label="Billable">{row.isBillable ? "Yes" : "No"}</td>
            <NumberCell label="Hours">{formatDuration(row.durationSeconds)}</NumberCell>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
