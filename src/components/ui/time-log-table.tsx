"use client";
// Time logs as rows: when, what, for whom, billable (and whether billed in another tool), how long. Shared by the Timer's day and the Time logs week.
import type { ReactNode } from "react";
import { LocalTime } from "./local-time";
import { ACTIONS, Table } from "./table";
import { formatDateTime, formatDuration } from "@/lib/time-format";
import type { RouterOutputs } from "@/trpc/types";

export type AppTimeLog = RouterOutputs["timeLogs"]["listWithNames"]["items"][number];

/** What a row is called (its buttons are named inside it): the description or task, and when it started. */
export function entryLabel(log: AppTimeLog): string {
  return `${log.description || log.taskTitle || "No description"}, ${formatDateTime(log.startedAt)}`;
}

export function TimeLogTable({
  logs,
  caption,
  showMember = false,
  showDate = false,
  actions,
}: {
  logs: AppTimeLog[];
  caption: string;
  showMember?: boolean;
  showDate?: boolean;
  /** Each row's buttons (Edit entry, Delete entry, Continue). */
  actions?: (log: AppTimeLog) => ReactNode;
}) {
  return (
    <Table caption={caption} columns={[showDate ? "When" : "Time", "What", "Customer", showMember && "Member", "Billable", { numeric: "Duration" }, actions && ACTIONS]}>
      <tbody>
        {logs.map((log) => (
          <tr key={log.id} data-testid="time-log-row" aria-label={actions ? entryLabel(log) : undefined}>
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
            <td data-label="Billable">
              {log.isBillable ? "Yes" : "No"}
              {/* Invoiced in the tool it was imported from: Orbit's invoices leave it out. */}
              {log.billedExternally && (
                <div className="text-muted-foreground text-sm whitespace-nowrap" data-testid="billed-elsewhere">
                  Billed elsewhere
                </div>
              )}
            </td>
            <td className="text-right tabular-nums whitespace-nowrap" data-label="Duration">{formatDuration(log.durationSeconds)}</td>
            {actions && <td>{actions(log)}</td>}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
