"use client";
// Time logs as rows: when, what, for whom, billable, how long. Shared by the Timer's day and the Time logs week.
import { formatDuration } from "@/lib/time-format";
import type { RouterOutputs } from "@/trpc/types";
import { LocalTime } from "./local-time";
import { Table } from "./table";

export type AppTimeLog = RouterOutputs["timeLogs"]["listInApp"]["items"][number];

export function TimeLogTable({ logs, caption, showMember = false, showDate = false }: { logs: AppTimeLog[]; caption: string; showMember?: boolean; showDate?: boolean }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">{showDate ? "When" : "Time"}</th>
          <th scope="col">What</th>
          <th scope="col">Customer</th>
          {showMember && <th scope="col">Member</th>}
          <th scope="col">Billable</th>
          <th scope="col" className="text-right tabular-nums whitespace-nowrap">
            Duration
          </th>
        </tr>
      </thead>
      <tbody>
        {logs.map((log) => (
          <tr key={log.id} data-testid="time-log-row">
            <td className="whitespace-nowrap">
              {showDate && (
                <>
                  <LocalTime value={log.startedAt} format="date" />{" "}
                </>
              )}
              <LocalTime value={log.startedAt} format="time" />
              {log.endedAt && (
                <>
                  {" – "}
                  <LocalTime value={log.endedAt} format="time" />
                </>
              )}
            </td>
            <td>
              <div>{log.description || log.taskTitle || <span className="text-muted-foreground">No description</span>}</div>
              {log.description && log.taskTitle && <div className="text-muted-foreground text-sm">{log.taskTitle}</div>}
              {log.tags.length > 0 && (
                <div className="flex flex-wrap gap-1 mt-1">
                  {log.tags.map((tag) => (
                    <span key={tag} className="text-xs px-[7px] rounded-full bg-subtle text-muted-foreground">
                      {tag}
                    </span>
                  ))}
                </div>
              )}
            </td>
            <td data-label="Customer">{log.customerName ?? <span className="text-muted-foreground">—</span>}</td>
            {showMember && <td data-label="Member">{log.userName}</td>}
            <td data-label="Billable">{log.isBillable ? "Yes" : "No"}</td>
            <td className="text-right tabular-nums whitespace-nowrap" data-label="Duration">{formatDuration(log.durationSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
