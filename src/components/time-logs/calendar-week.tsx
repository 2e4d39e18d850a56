"use client";
// The Calendar view: the week with the hours down the side and each log as a block placed by its start
// and length (overlapping logs side by side). Dragging on empty time opens a new entry with that range
// (saved through sync, like Add time); dragging a block's body moves it and its bottom edge changes its
// end (timeLogs.update). Blocks are buttons: Enter or a click opens Edit entry. Today's column and the
// current time are marked. A drag's moves and release bubble from the captured block to its day column,
// which handles them all.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { FormError } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import type { AppTimeLog } from "@/components/ui/time-log-table";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { formatDuration, formatTime, formatWeekday } from "@/lib/time-format";
import { dayIndexOf, startOfDay } from "@/lib/week";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { lockReason } from "./entry-actions";
import { EntryEditorDialog, type DraftEntry } from "./entry-editor";

const HOUR_PX = 44;
const SNAP_MINUTES = 15;
const MINUTE = 60_000;
const pxPerMinute = HOUR_PX / 60;
const snap = (minutes: number) => Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;
const clampMinutes = (minutes: number) => Math.min(24 * 60, Math.max(0, minutes));

const endOf = (log: AppTimeLog) => (log.endedAt ? new Date(log.endedAt) : new Date(new Date(log.startedAt).getTime() + log.durationSeconds * 1000));

interface Placed {
  log: AppTimeLog;
  day: number;
  top: number;
  height: number;
  column: number;
  columns: number;
}

/** Blocks per day; logs that overlap share the day's width in columns. */
function place(logs: AppTimeLog[], bounds: { dayStarts: Date[]; end: Date }): Placed[] {
  const placed: Placed[] = [];
  for (let day = 0; day < 7; day += 1) {
    const dayStart = bounds.dayStarts[day]!.getTime();
    const ofDay = logs
      .filter((log) => dayIndexOf(new Date(log.startedAt), bounds) === day)
      .map((log) => {
        const start = (new Date(log.startedAt).getTime() - dayStart) / MINUTE;
        const end = Math.min(24 * 60, Math.max(start + 15, (endOf(log).getTime() - dayStart) / MINUTE));
        return { log, start, end };
      })
      .sort((a, b) => a.start - b.start);
    // Groups of logs that overlap one another; each gets the first free column.
    let group: { log: AppTimeLog; start: number; end: number; column: number }[] = [];
    let groupEnd = -1;
    const flush = () => {
      const columns = Math.max(1, ...group.map((item) => item.column + 1));
      for (const item of group) placed.push({ log: item.log, day, top: item.start * pxPerMinute, height: Math.max(18, (item.end - item.start) * pxPerMinute), column: item.column, columns });
      group = [];
    };
    for (const item of ofDay) {
      if (item.start >= groupEnd) {
        flush();
        groupEnd = -1;
      }
      const taken = new Set(group.filter((other) => other.end > item.start).map((other) => other.column));
      let column = 0;
      while (taken.has(column)) column += 1;
      group.push({ ...item, column });
      groupEnd = Math.max(groupEnd, item.end);
    }
    flush();
  }
  return placed;
}

type Drag =
  | { kind: "create"; day: number; from: number; to: number }
  | { kind: "move" | "resize"; log: AppTimeLog; day: number; originY: number; deltaMinutes: number; moved: boolean };

export function CalendarWeek({ logs, bounds }: { logs: AppTimeLog[]; bounds: { dayStarts: Date[]; end: Date } }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const scroller = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [draft, setDraft] = useState<DraftEntry | null>(null);
  const [editing, setEditing] = useState<AppTimeLog | null>(null);
  const [error, setError] = useState<DisplayError | null>(null);
  const [message, setMessage] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const update = useMutation(trpc.timeLogs.update.mutationOptions({ onSettled: invalidate }));
  const blocks = place(logs, bounds);
  const today = dayIndexOf(new Date(now), bounds);

  useEffect(() => {
    // Opens on the working day.
    scroller.current?.scrollTo({ top: 7 * HOUR_PX });
    const interval = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(interval);
  }, []);

  const minutesAt = (event: ReactPointerEvent, column: HTMLElement) => clampMinutes((event.clientY - column.getBoundingClientRect().top) / pxPerMinute);
  const instant = (day: number, minutes: number) => new Date(bounds.dayStarts[day]!.getTime() + minutes * MINUTE);

  function startCreate(event: ReactPointerEvent<HTMLDivElement>, day: number) {
    if (event.button !== 0 || event.target !== event.currentTarget) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = snap(minutesAt(event, event.currentTarget));
    setDrag({ kind: "create", day, from: at, to: at });
  }

  function startBlockDrag(event: ReactPointerEvent<HTMLElement>, log: AppTimeLog, day: number, kind: "move" | "resize") {
    if (event.button !== 0 || lockReason(log)) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ kind, log, day, originY: event.clientY, deltaMinutes: 0, moved: false });
  }

  function onPointerMove(event: ReactPointerEvent<HTMLElement>) {
    if (!drag) return;
    if (drag.kind === "create") {
      const column = (event.currentTarget.closest("[data-day-column]") ?? event.currentTarget) as HTMLElement;
      setDrag({ ...drag, to: snap(minutesAt(event, column)) });
    } else {
      const deltaMinutes = snap((event.clientY - drag.originY) / pxPerMinute);
      setDrag({ ...drag, deltaMinutes, moved: drag.moved || Math.abs(event.clientY - drag.originY) > 4 });
    }
  }

  async function onPointerUp() {
    const done = drag;
    setDrag(null);
    if (!done) return;
    if (done.kind === "create") {
      const from = Math.min(done.from, done.to);
      const to = Math.max(done.from, done.to);
      // A click without a drag offers an hour from there.
      const end = to - from >= SNAP_MINUTES ? to : Math.min(24 * 60, from + 60);
      setDraft({ startedAt: instant(done.day, from).toISOString(), endedAt: instant(done.day, end).toISOString() });
      return;
    }
    if (!done.moved) {
      setEditing(done.log);
      return;
    }
    if (done.deltaMinutes === 0) return;
    const start = new Date(done.log.startedAt);
    const end = endOf(done.log);
    const shift = done.deltaMinutes * MINUTE;
    setError(null);
    try {
      if (done.kind === "move") await update.mutateAsync({ id: done.log.id, startedAt: new Date(start.getTime() + shift).toISOString(), endedAt: new Date(end.getTime() + shift).toISOString() });
      else await update.mutateAsync({ id: done.log.id, endedAt: new Date(Math.max(start.getTime() + SNAP_MINUTES * MINUTE, end.getTime() + shift)).toISOString() });
      setMessage(done.kind === "move" ? "Entry moved." : "Entry length changed.");
    } catch (caught) {
      setError(describeError(caught));
    }
  }

  const nowMinutes = (now - startOfDay(new Date(now)).getTime()) / MINUTE;

  return (
    <section aria-label="Calendar">
      <p className="sr-only" role="status" aria-live="polite">
        {message}
      </p>
      <FormError error={error} />
      <p className="text-sm text-muted-foreground mb-2">Drag on empty time to add an entry; drag an entry to move it, or its lower edge to change its length.</p>
      <div ref={scroller} className="relative max-h-[620px] overflow-auto rounded-card border border-border bg-surface" data-testid="calendar-scroller">
        <div className="grid min-w-[680px] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
          <div className="sticky top-0 left-0 z-30 bg-surface-raised border-b border-border" />
          {bounds.dayStarts.map((day, index) => (
            <div
              key={day.toISOString()}
              className={cn("sticky top-0 z-20 border-b border-l border-border bg-surface-raised px-1.5 py-2 text-center text-xs font-semibold", index === today && "text-primary")}
              aria-current={index === today ? "date" : undefined}
            >
              {formatWeekday(day)}
              {index === today && <span className="sr-only"> (today)</span>}
            </div>
          ))}
          <div className="sticky left-0 z-10 bg-surface" style={{ height: 24 * HOUR_PX }} aria-hidden>
            {Array.from({ length: 24 }, (_, hour) => (
              <div key={hour} className="absolute right-1.5 -translate-y-1/2 text-[0.7rem] text-muted-foreground tabular-nums" style={{ top: hour * HOUR_PX }}>
                {hour > 0 && formatTime(new Date(bounds.dayStarts[0]!.getTime() + hour * 3600_000))}
              </div>
            ))}
          </div>
          {bounds.dayStarts.map((day, index) => (
            <div
              key={day.toISOString()}
              data-day-column={index}
              data-testid="calendar-day"
              className={cn("relative border-l border-border touch-pan-y select-none bg-[repeating-linear-gradient(to_bottom,transparent_0,transparent_43px,var(--color-border)_43px,var(--color-border)_44px)]", index === today && "bg-primary-soft/30")}
              style={{ height: 24 * HOUR_PX }}
              onPointerDown={(event) => startCreate(event, index)}
              onPointerMove={onPointerMove}
              onPointerUp={() => void onPointerUp()}
              // A touch that scrolls the calendar is not a drag.
              onPointerCancel={() => setDrag(null)}
            >
              {index === today && <div className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-danger" style={{ top: nowMinutes * pxPerMinute }} data-testid="calendar-now" title="Now" />}
              {drag?.kind === "create" && drag.day === index && drag.from !== drag.to && (
                <div className="pointer-events-none absolute inset-x-1 rounded-md border-2 border-dashed border-primary bg-primary-soft/60" style={{ top: Math.min(drag.from, drag.to) * pxPerMinute, height: Math.abs(drag.to - drag.from) * pxPerMinute }} />
              )}
              {blocks
                .filter((block) => block.day === index)
                .map((block) => {
                  const dragging = drag && drag.kind !== "create" && drag.log.id === block.log.id ? drag : null;
                  const shift = dragging ? dragging.deltaMinutes * pxPerMinute : 0;
                  const top = block.top + (dragging?.kind === "move" ? shift : 0);
                  const height = Math.max(18, block.height + (dragging?.kind === "resize" ? shift : 0));
                  const title = block.log.description || block.log.taskTitle || "No description";
                  const range = `${formatTime(block.log.startedAt)} – ${formatTime(endOf(block.log))}`;
                  const locked = lockReason(block.log);
                  return (
                    <div
                      key={block.log.id}
                      className="absolute z-[5] px-0.5"
                      style={{ top, height, left: `${(block.column / block.columns) * 100}%`, width: `${100 / block.columns}%` }}
                    >
                      <button
                        type="button"
                        data-testid="calendar-block"
                        aria-label={`Edit entry: ${title}, ${range}, ${formatDuration(block.log.durationSeconds)}${locked ? `, ${locked}` : ""}`}
                        className={cn(
                          "size-full touch-none overflow-hidden rounded-md border border-primary/50 bg-primary-soft px-1.5 py-0.5 text-left text-xs text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-primary",
                          locked ? "cursor-default opacity-80" : "cursor-grab",
                        )}
                        onPointerDown={(event) => startBlockDrag(event, block.log, index, "move")}
                        onClick={(event) => {
                          // Pointer clicks are handled on pointer up; this is Enter and Space.
                          if (event.detail === 0 || locked) setEditing(block.log);
                        }}
                      >
                        <span className="block font-semibold truncate">{title}</span>
                        <span className="block text-muted-foreground tabular-nums truncate">{range}</span>
                      </button>
                      {!locked && (
                        <div
                          aria-hidden
                          data-testid="calendar-block-edge"
                          className="absolute inset-x-1 bottom-0 h-2 cursor-ns-resize touch-none"
                          onPointerDown={(event) => startBlockDrag(event, block.log, index, "resize")}
                        />
                      )}
                    </div>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
      {draft && <EntryEditorDialog key={draft.startedAt} source={{ kind: "draft", draft }} open onOpenChange={(open) => !open && setDraft(null)} onSaved={setMessage} />}
      {editing && <EntryEditorDialog key={editing.id} source={{ kind: "log", log: editing }} open onOpenChange={(open) => !open && setEditing(null)} onSaved={setMessage} />}
    </section>
  );
}
