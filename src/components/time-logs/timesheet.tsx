"use client";
// The Timesheet view: a row per task, customer and project (timesheet.get), a text box per day named by
// the row's label and the day ("Design review, Tue 24"). Typing a duration (any form the one parser
// takes) moves the day and week totals at once; Enter or leaving the cell saves it (timesheet.setCell),
// Escape puts back what was saved; arrows move between cells. A cell holding a billed log is
// read-only and says so. Add row and Copy last week's rows add empty rows to fill; an added row whose
// customer or project was left empty gets the server's defaults with its first saved cell.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { CustomerPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { Button, EmptyState, ErrorState, Form, FormDialog, FormError, LoadingState, Table, useServerErrors } from "@/components/ui";
import { FORM_GRID } from "@/components/ui/styles";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { parseDuration } from "@/lib/duration";
import { formatDuration } from "@/lib/time-format";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { useAccount } from "@/components/ui/use-account";
import { useWeekApproval, WeekApproval, weekReadOnlyReason } from "@/components/approvals/week-approval";

type Sheet = RouterOutputs["timesheet"]["get"];
type SavedRow = Sheet["rows"][number];
/** A row; one added here may leave its customer or project to the server (undefined) until its first save. */
type Row = Omit<SavedRow, "customerId" | "constellationId"> & { customerId?: string | null; constellationId?: string | null; localKey?: string };

const rowKey = (row: Row) => row.localKey ?? `${row.taskId ?? "-"}|${row.customerId ?? "-"}|${row.constellationId ?? "-"}`;
const emptyWeek = () => ({ seconds: Array<number>(7).fill(0), locked: Array<boolean>(7).fill(false) });

/** `Tue 24` for `YYYY-MM-DD`. */
export function dayName(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(year, month - 1, date).toLocaleDateString("en", { weekday: "short" });
  return `${weekday} ${date}`;
}

const shiftWeek = (day: string, days: number) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, date + days));
  return shifted.toISOString().slice(0, 10);
};

export function Timesheet({ week, userId }: { week: string; userId?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sheet = useQuery(trpc.timesheet.get.queryOptions({ week, userId }));
  const [added, setAdded] = useState<Row[]>([]);
  const [copyError, setCopyError] = useState<DisplayError | null>(null);
  const [isCopying, setIsCopying] = useState(false);
  const account = useAccount();
  const weekApproval = useWeekApproval(week, userId ?? account.user.id);
  const readOnlyReason = weekReadOnlyReason(weekApproval.approval, account.role === "admin");

  if (sheet.isPending) return <LoadingState label="Loading the timesheet…" />;
  if (sheet.error || !sheet.data) return <ErrorState error={sheet.error} onRetry={() => void sheet.refetch()} />;
  const data = sheet.data;
  const known = new Set(data.rows.map(rowKey));
  const rows: Row[] = [...data.rows, ...added.filter((row) => !known.has(rowKey(row)))];

  function addRows(next: Row[]) {
    setAdded((current) => {
      const present = new Set([...data.rows, ...current].map(rowKey));
      return [...current, ...next.filter((row) => !present.has(rowKey(row)))];
    });
  }

  async function copyLastWeek() {
    setIsCopying(true);
    setCopyError(null);
    try {
      const last = await queryClient.fetchQuery(trpc.timesheet.get.queryOptions({ week: shiftWeek(data.days[0]!, -7), userId }));
      addRows(last.rows.map((row) => ({ ...row, ...emptyWeek() })));
    } catch (caught) {
      setCopyError(describeError(caught));
    } finally {
      setIsCopying(false);
    }
  }

  return (
    <section aria-label="Timesheet">
      <WeekApproval weekStart={data.days[0]!} userId={userId} approval={weekApproval.approval} isLoading={weekApproval.query.isPending} />
      <div className="flex flex-wrap gap-2 mb-3">
        <AddRowDialog labels={rows.map((row) => row.label)} onAdd={(row) => addRows([row])} />
        <Button size="sm" onClick={copyLastWeek} isPending={isCopying}>
          Copy last week&apos;s rows
        </Button>
      </div>
      <FormError error={copyError} />
      {rows.length === 0 ? (
        <EmptyState title="Nothing logged this week.">Add a row, or copy last week&apos;s rows, and type the hours in.</EmptyState>
      ) : (
        <TimesheetGrid
          key={data.days[0]}
          days={data.days}
          rows={rows}
          userId={userId}
          readOnlyReason={readOnlyReason}
          onRowSaved={(row, saved) => setAdded((current) => current.map((added) => (rowKey(added) === rowKey(row) ? saved : added)))}
        />
      )}
    </section>
  );
}

function TimesheetGrid({ days, rows, userId, readOnlyReason, onRowSaved }: { days: string[]; rows: Row[]; userId?: string; readOnlyReason: string | null; onRowSaved: (row: Row, saved: SavedRow) => void }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setCell = useMutation(trpc.timesheet.setCell.mutationOptions({ onSuccess: invalidate }));
  const cellKey = (row: Row, day: number) => `${rowKey(row)}@${day}`;
  const shown = (row: Row, day: number) => drafts[cellKey(row, day)] ?? (row.seconds[day] ? formatDuration(row.seconds[day]) : "");
  // What the grid adds up while typing: a cell's draft when it parses, else what is saved.
  const secondsOf = (row: Row, day: number) => {
    const draft = drafts[cellKey(row, day)];
    if (draft === undefined) return row.seconds[day] ?? 0;
    if (draft.trim() === "") return 0;
    const parsed = parseDuration(draft);
    return parsed.ok ? parsed.seconds : (row.seconds[day] ?? 0);
  };
  const dayTotals = days.map((_, day) => rows.reduce((sum, row) => sum + secondsOf(row, day), 0));
  const weekTotal = dayTotals.reduce((sum, seconds) => sum + seconds, 0);

  function forget(key: string) {
    setDrafts(({ [key]: _draft, ...rest }) => rest);
    setErrors(({ [key]: _error, ...rest }) => rest);
  }

  async function save(row: Row, day: number) {
    const key = cellKey(row, day);
    const draft = drafts[key];
    if (draft === undefined) return;
    const parsed = draft.trim() === "" ? { ok: true as const, seconds: 0 } : parseDuration(draft);
    if (!parsed.ok) {
      setErrors((current) => ({ ...current, [key]: parsed.error }));
      return;
    }
    if (parsed.seconds === row.seconds[day]) return forget(key);
    try {
      // Undefined customer or project: omitted, so the server derives them as for any log.
      const saved = await setCell.mutateAsync({ day: days[day]!, taskId: row.taskId, customerId: row.customerId, constellationId: row.constellationId, seconds: parsed.seconds, userId });
      forget(key);
      onRowSaved(row, saved);
    } catch (caught) {
      setErrors((current) => ({ ...current, [key]: describeError(caught).message }));
    }
  }

  function move(event: KeyboardEvent<HTMLInputElement>, rowIndex: number, day: number) {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const target =
      event.key === "ArrowUp" ? [rowIndex - 1, day] : event.key === "ArrowDown" ? [rowIndex + 1, day] : event.key === "ArrowLeft" && atStart ? [rowIndex, day - 1] : event.key === "ArrowRight" && atEnd ? [rowIndex, day + 1] : null;
    if (!target) return;
    const next = input.closest("table")?.querySelector<HTMLInputElement>(`[data-cell="${target[0]}-${target[1]}"]`);
    if (next) {
      event.preventDefault();
      next.focus();
      next.select();
    }
  }

  return (
    <Table caption="Timesheet of the week" stacked={false} className="[&_td]:p-1! [&_td]:align-middle [&_th]:align-middle">
      <thead>
        <tr>
          {/* On a phone the names column stays narrow (its words wrap), leaving room for the days beside it. */}
          <th scope="col" className="sticky left-0 z-10 whitespace-normal! max-sm:max-w-[8.5rem]">
            Task, customer and project
          </th>
          {days.map((day) => (
            <th key={day} scope="col" className="text-right">
              {dayName(day)}
            </th>
          ))}
          <th scope="col" className="text-right">
            Week
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row)} aria-label={row.label}>
            <th scope="row" className="sticky left-0 z-10 normal-case! tracking-normal! text-sm! text-foreground! font-medium! bg-surface! whitespace-normal! min-w-[8rem] max-sm:max-w-[8.5rem] wrap-anywhere">
              {row.label}
              {row.projectName && !row.label.includes(row.projectName) && <span className="block text-xs text-muted-foreground font-normal">{row.projectName}</span>}
            </th>
            {days.map((day, index) => {
              const key = cellKey(row, index);
              const billed = row.locked[index] ?? false;
              const locked = billed || readOnlyReason !== null;
              return (
                <td key={day} className="text-right">
                  <input
                    data-cell={`${rowIndex}-${index}`}
                    aria-label={`${row.label}, ${dayName(day)}`}
                    aria-invalid={errors[key] ? true : undefined}
                    title={billed ? "Billed on an invoice: read-only" : (readOnlyReason ?? errors[key])}
                    readOnly={locked}
                    aria-readonly={locked || undefined}
                    inputMode="decimal"
                    className="w-[4.5rem] rounded-md border border-input bg-surface px-1.5 py-1 text-right tabular-nums text-foreground read-only:bg-subtle read-only:text-muted-foreground aria-invalid:border-danger"
                    value={shown(row, index)}
                    onChange={(event) => setDrafts((current) => ({ ...current, [key]: event.target.value }))}
                    onBlur={() => void save(row, index)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter") {
                        event.preventDefault();
                        void save(row, index);
                      } else if (event.key === "Escape") {
                        event.preventDefault();
                        forget(key);
                      } else move(event, rowIndex, index);
                    }}
                  />
                  {locked && <span className="sr-only">{billed ? " (billed, read-only)" : " (read-only)"}</span>}
                </td>
              );
            })}
            <td className="text-right tabular-nums whitespace-nowrap px-2!" data-testid="row-total">
              {formatDuration(days.reduce((sum, _, day) => sum + secondsOf(row, day), 0))}
            </td>
          </tr>
        ))}
        <tr aria-label="Total" className="font-bold">
          <th scope="row" className="sticky left-0 z-10 normal-case! tracking-normal! text-sm! text-foreground! bg-surface!">
            Total
          </th>
          {dayTotals.map((seconds, day) => (
            <td key={days[day]} className="text-right tabular-nums px-2!" data-testid="timesheet-day-total">
              {formatDuration(seconds)}
            </td>
          ))}
          <td className="text-right tabular-nums px-2! bg-primary-soft" data-testid="timesheet-week-total">
            {formatDuration(weekTotal)}
          </td>
        </tr>
      </tbody>
      {Object.values(errors).length > 0 && (
        <tfoot>
          <tr>
            <td colSpan={days.length + 2} role="alert" className="text-danger font-medium! text-sm">
              {Object.values(errors)[0]}
            </td>
          </tr>
        </tfoot>
      )}
    </Table>
  );
}

function AddRowDialog({ labels, onAdd }: { labels: string[]; onAdd: (row: Row) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const errors = useServerErrors(["taskId", "customerId", "constellationId"]);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<string | null>(null);

  async function submit() {
    // The label the server gives a row: the task's title and/or the customer's name, else the project's.
    const [task, customer, project] = await Promise.all([
      taskId ? queryClient.fetchQuery(trpc.tasks.getWithAuthors.queryOptions({ taskId })) : null,
      customerId ? queryClient.fetchQuery(trpc.customers.get.queryOptions({ id: customerId })) : null,
      projectId ? queryClient.fetchQuery(trpc.constellations.get.queryOptions({ id: projectId })) : null,
    ]);
    const base = [task?.title, customer?.name].filter(Boolean).join(" · ") || project?.title || "No task or customer";
    const label = project && labels.includes(base) ? `${base} · ${project.title}` : base;
    onAdd({
      localKey: crypto.randomUUID(),
      taskId,
      // Left empty: omitted, so the first saved cell gets the task's project and customer.
      ...(customerId ? { customerId } : {}),
      ...(projectId ? { constellationId: projectId } : {}),
      projectName: project?.title ?? null,
      label,
      ...emptyWeek(),
    });
  }

  return (
    <FormDialog
      title="Add row"
      description="A task, customer and project to log hours against this week."
      trigger={<Button size="sm">Add row</Button>}
      onClose={() => {
        setTaskId(null);
        setCustomerId(null);
        setProjectId(null);
      }}
    >
      <Form errors={errors} submitLabel="Add row" onSubmit={submit}>
        <div className={FORM_GRID}>
          <TaskPicker value={taskId} onChange={setTaskId} error={errors.fieldError("taskId")} />
          <CustomerPicker value={customerId} onChange={setCustomerId} error={errors.fieldError("customerId")} hint={taskId || projectId ? "Empty: the project's or task's customer." : undefined} />
          <ProjectPicker value={projectId} onChange={setProjectId} error={errors.fieldError("constellationId")} hint={taskId ? "Empty: the task's project." : undefined} />
        </div>
      </Form>
    </FormDialog>
  );
}
