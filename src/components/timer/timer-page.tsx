"use client";
// The Timer page: start a timer (task, customer, description, tags, billable) or watch and stop the
// running one; add time by hand; today's logs with the day's total; entries waiting to sync.
import { useQuery } from "@tanstack/react-query";
import { cn } from "@/components/ui/cn";
import { CARD, FORM_GRID, noticeClass } from "@/components/ui/styles";
import { useEffect, useMemo, useState } from "react";
import { CustomerPicker, ProjectPicker, TaskPicker } from "@/components/pickers/pickers";
import { useFiling } from "@/components/pickers/use-filing";
import { RunningTimerActions, RunningTimerFiling, RunningTimerTask } from "./running-timer-editor";
import { useCurrentTimer, useElapsed, useStartTimer, useStopTimer } from "./use-running-timer";
import { useAccount } from "@/components/ui/use-account";
import { Button, CheckboxField, EmptyState, Form, FormError, PageHeader, QueryState, TextField, useServerErrors } from "@/components/ui";
import { parseTagsInput } from "@/lib/duration-input";
import { formatClock, formatDuration } from "@/lib/time-format";
import { useHydrated } from "@/lib/use-hydrated";
import { addDays, startOfDay } from "@/lib/week";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { PAGE_SIZE } from "@/trpc/first-page";
import type { RouterOutputs } from "@/trpc/types";
import { AddTimeDialog } from "./add-time-dialog";
import { TimeLogList } from "@/components/time-logs/entry-actions";
import { useOfflineSync } from "./use-offline-sync";
import { MAX_LOG_DESCRIPTION_LENGTH } from "@/lib/limits";

/** Where the focus goes when Start or Stop swaps the form and the running timer (the clicked control leaves). */
let focusAfterSwap: "stop" | "start" | null = null;

const START_FIELDS = ["description", "taskId", "customerId", "constellationId", "tags", "isBillable"] as const;

function StartTimerForm() {
  const errors = useServerErrors(START_FIELDS);
  const filing = useFiling();
  const start = useStartTimer();

  useEffect(() => {
    if (focusAfterSwap !== "start") return;
    focusAfterSwap = null;
    document.querySelector<HTMLInputElement>('form[aria-label="Start a timer"] input[name="description"]')?.focus();
  }, []);

  function submit(form: FormData) {
    focusAfterSwap = "stop";
    // The click's own time: offline, the start waits in this browser and keeps it.
    return start.mutateAsync({
      ...filing.references(),
      description: String(form.get("description") ?? "") || null,
      tags: parseTagsInput(String(form.get("tags") ?? "")),
      isBillable: form.get("isBillable") === "on",
    });
  }

  return (
    <Form errors={errors} onSubmit={submit} submitLabel="Start" actionsAlign="start" className={CARD} aria-label="Start a timer">
      <TextField label="What are you working on?" name="description" maxLength={MAX_LOG_DESCRIPTION_LENGTH} placeholder="Describe the work" error={errors.fieldError("description")} />
      <div className={FORM_GRID}>
        <TaskPicker {...filing.picker("task")} error={errors.fieldError("taskId")} />
        <ProjectPicker {...filing.picker("project")} error={errors.fieldError("constellationId")} />
        <CustomerPicker {...filing.picker("customer")} error={errors.fieldError("customerId")} />
      </div>
      <div className={FORM_GRID}>
        <TextField label="Tags" name="tags" placeholder="design, review" hint="Separate tags with commas." error={errors.fieldError("tags")} />
        <CheckboxField label="Billable" name="isBillable" defaultChecked className="self-end items-end" />
      </div>
    </Form>
  );
}

/** Focuses the Stop button when it appears after Start. */
function focusStopAfterStart(element: HTMLElement | null) {
  if (element && focusAfterSwap === "stop") {
    focusAfterSwap = null;
    element.focus();
  }
}

function RunningTimerCard({ timer }: { timer: NonNullable<RouterOutputs["timers"]["current"]> }) {
  const [message, setMessage] = useState("");
  const elapsed = useElapsed(timer.startedAt);
  const stop = useStopTimer();
  const isHydrated = useHydrated();
  return (
    <section className={cn(CARD, "flex items-center gap-5 flex-wrap border-success-border! bg-linear-to-t from-success-soft/40 to-surface [&>div:first-child]:flex-[1_1_200px] [&>div:first-child]:min-w-0 [&_p]:m-0")} aria-label="Running timer">
      <div>
        <p className="font-semibold text-[1.05rem] wrap-anywhere">{timer.description || "Timer running"}</p>
        <RunningTimerTask timer={timer} />
      </div>
      <p className="text-[2rem] font-bold tabular-nums tracking-[-0.02em] max-md:text-[1.6rem]" data-testid="running-timer-elapsed" aria-live="off">
        {isHydrated ? formatClock(elapsed) : ""}
      </p>
      <Button
        variant="danger"
        ref={focusStopAfterStart}
        isPending={stop.isPending}
        onClick={() => {
          focusAfterSwap = "start";
          stop.mutate();
        }}
      >
        Stop
      </Button>
      <RunningTimerActions timer={timer} announce={setMessage} />
      <RunningTimerFiling timer={timer} announce={setMessage} />
      <p className="sr-only" role="status" aria-live="polite">
        {message}
      </p>
      <FormError error={stop.error !== null ? describeError(stop.error) : null} />
    </section>
  );
}

/** Today as the server computed it in the browser's zone, for the first render; the browser's own after. */
export interface DayRange {
  from: string;
  to: string;
}

function TodayLogs({ serverToday }: { serverToday: DayRange | null }) {
  const trpc = useTRPC();
  const account = useAccount();
  const isHydrated = useHydrated();
  // Today in the browser's zone; the server render has no zone, so the query waits for the browser.
  const today = useMemo(() => (isHydrated ? startOfDay(new Date()) : null), [isHydrated]);
  const range = today ? { from: today.toISOString(), to: addDays(today, 1).toISOString() } : serverToday;
  const logs = useQuery({ ...trpc.timeLogs.listWithNames.queryOptions({ ...range, userId: account.user.id, limit: PAGE_SIZE.all }), enabled: range !== null });
  const totals = useQuery({ ...trpc.timeLogs.summarize.queryOptions({ dayStarts: [range?.from ?? ""], end: range?.to ?? "", userId: account.user.id }), enabled: range !== null });

  return (
    <section className="mt-7" aria-labelledby="today-heading">
      <div className="flex justify-between items-center gap-3 flex-wrap mb-2.5 [&_h2]:m-0">
        <h2 id="today-heading">Today</h2>
        <p className="m-0 text-muted-foreground [&_strong]:text-foreground [&_strong]:tabular-nums">
          Total <strong data-testid="day-total">{isHydrated && totals.data ? formatDuration(totals.data.totalSeconds) : "…"}</strong>
        </p>
      </div>
      <QueryState query={{ ...logs, isPending: logs.isPending || !range }} isEmpty={(data) => data.items.length === 0} empty={<EmptyState title="No time logged today.">Start the timer or add time by hand.</EmptyState>}>
        {(data) => <TimeLogList logs={data.items} caption="Today's time logs" />}
      </QueryState>
    </section>
  );
}

export function TimerPage({ today = null }: { today?: DayRange | null }) {
  const current = useCurrentTimer();
  const offline = useOfflineSync();
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Timer"
        description="Track what you are doing now, or add time you already spent."
        actions={<AddTimeDialog offline={offline} onAdded={(outcome) => setNotice(outcome === "synced" ? "Time added." : null)} />}
      />
      {notice && (
        <p className={noticeClass("info")} role="status">
          {notice}
        </p>
      )}
      {offline.pendingCount > 0 && (
        <div className={cn(noticeClass("warning"), "flex gap-2 items-center flex-wrap")} role="status" data-testid="pending-sync">
          <strong>
            {offline.pendingCount} {offline.pendingCount === 1 ? "entry" : "entries"} waiting to sync
          </strong>
          <span>Saved in this browser; sent when you are back online.</span>
          <Button size="sm" isPending={offline.isSyncing} onClick={() => void offline.flush()}>
            Sync now
          </Button>
        </div>
      )}
      {offline.refused.length > 0 && (
        <div className={noticeClass("error")} role="alert">
          <p>
            {offline.refused.length} waiting {offline.refused.length === 1 ? "entry was" : "entries were"} refused by the server and not saved:
          </p>
          <ul>
            {offline.refused.map(({ label, error }, index) => (
              <li key={index}>
                {label}: {error.details.map((detail) => detail.message).join("; ") || error.message}
              </li>
            ))}
          </ul>
          <Button size="sm" onClick={offline.dismissRefused}>
            Dismiss
          </Button>
        </div>
      )}
      {/* Always present, so a screen reader announces the change after Start or Stop. */}
      <p className="sr-only" role="status" data-testid="timer-status">
        {current.data === undefined ? "" : current.data ? "The timer is running." : "The timer is stopped."}
      </p>
      <QueryState query={current}>{(timer) => (timer ? <RunningTimerCard timer={timer} /> : <StartTimerForm />)}</QueryState>
      <TodayLogs serverToday={today} />
    </>
  );
}
