"use client";
// The Calendar view: the week with the hours down the side and each log as a block placed by its start
// and length (overlapping logs side by side), in its customer's or project's colour. Dragging on empty
// time opens a new entry with that range (saved through sync, like Add time); dragging a block moves
// it, to another time or another day; its bottom edge changes its end (timeLogs.update). By keyboard,
// a focused block moves with the arrow keys (15 minutes up and down, a day left and right) and Enter
// saves the move (Escape drops it); without a move Enter opens Edit entry. On phones the calendar shows
// one day at a time, picked from the week's days. A drag's moves and release bubble from the captured
// block to its day column, which handles them all.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { Button, FormError } from "@/components/ui";
import { cn } from "@/components/ui/cn";
import type { AppTimeLog } from "@/components/ui/time-log-table";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { formatDuration, formatTime, formatWeekday, toLocalInputValue } from "@/lib/time-format";
import { dayIndexOf, startOfDay } from "@/lib/week";
import { describeError, type DisplayError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { blockColor } from "./calendar-colors";
import { lockReason } from "./entry-actions";
import { EntryEditorDialog, type DraftEntry } from "./entry-editor";

const HOUR_PX = 44;
const SNAP_MINUTES = 15;
const MINUTE = 60_000;
const pxPerMinute = HOUR_PX / 60;
const snap = (minutes: number) => Math.round(minutes / SNAP_MINUTES) * SNAP_MINUTES;
const clampMinutes = (minutes: number) => Math.min(24 * 60, Math.max(0, minutes));
/** Under Tailwind's `sm`: one day at a time. */
const PHONE_QUERY = "(max-width: 639px)";

const endOf = (log: AppTimeLog) => (log.endedAt ? new Date(log.endedAt) : new Date(new Date(log.startedAt).getTime() + log.durationSeconds * 1000));
const titleOf = (log: AppTimeLog) => log.description || log.taskTitle || "No description";

interface Bounds {
  dayStarts: Date[];
  end: Date;
}

interface Placed {
  log: AppTimeLog;
  day: number;
  top: number;
  height: number;
  column: number;
  columns: number;
}

/** Blocks per day; logs that overlap share the day's width in columns. */
function place(logs: AppTimeLog[], bounds: Bounds): Placed[] {
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

/** A block on its way somewhere: `days` and `minutes` from where it is (a drag, or arrow keys). */
interface Move {
  log: AppTimeLog;
  day: number;
  days: number;
  minutes: number;
}

type Drag =
  | { kind: "create"; day: number; from: number; to: number }
  | { kind: "move"; move: Move; originY: number; moved: boolean }
  | { kind: "resize"; log: AppTimeLog; day: number; originY: number; deltaMinutes: number; moved: boolean };

/** Where a move puts the log: the same wall-clock shift across days (a daylight-saving day included). */
function movedTimes(move: Move, bounds: Bounds) {
  const shift = bounds.dayStarts[move.day + move.days]!.getTime() - bounds.dayStarts[move.day]!.getTime() + move.minutes * MINUTE;
  return { startedAt: new Date(new Date(move.log.startedAt).getTime() + shift), endedAt: new Date(endOf(move.log).getTime() + shift) };
}

function subscribeToPhone(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useIsPhone(): boolean {
  return useSyncExternalStore(subscribeToPhone, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}

/** The look of a block in its colour: a stripe, and a tint behind text in the foreground colour. */
function colorStyle(color: string | null): CSSProperties | undefined {
  return color ? ({ "--block": color } as CSSProperties) : undefined;
}
const COLORED = "border-l-4 border-l-[color:var(--block)] bg-[color:color-mix(in_oklab,var(--block)_18%,var(--color-surface))]";
const PLAIN = "border-primary/50 bg-primary-soft";

export function CalendarWeek({ logs, bounds }: { logs: AppTimeLog[]; bounds: Bounds }) {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // A move made with the arrow keys, shown until Enter saves it or Escape drops it.
  const [keyMove, setKeyMove] = useState<Move | null>(null);
  const [draft, setDraft] = useState<DraftEntry | null>(null);
  const [editing, setEditing] = useState<AppTimeLog | null>(null);
  const [error, setError] = useState<DisplayError | null>(null);
  const [message, setMessage] = useState("");
  const [now, setNow] = useState(() => Date.now());
  const update = useMutation(trpc.timeLogs.update.mutationOptions({ onSettled: invalidate }));
  const isPhone = useIsPhone();
  const today = dayIndexOf(new Date(now), bounds);
  const [shownDay, setShownDay] = useState(() => Math.max(0, today));
  // After a keyboard move the block is drawn anew in its new day: the focus follows it there.
  const focusAfterMove = useRef<{ id: string; day: number } | null>(null);
  const blocks = place(logs, bounds);
  const days = isPhone ? [shownDay] : [0, 1, 2, 3, 4, 5, 6];

  useEffect(() => {
    // Opens on the working day.
    scroller.current?.scrollTo({ top: 7 * HOUR_PX });
    const interval = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(interval);
  }, []);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    const block = grid.current?.querySelector<HTMLElement>(`[data-day-column="${target.day}"] [data-log-id="${target.id}"]`);
    if (block) {
      focusAfterMove.current = null;
      block.focus();
    }
  });

  const minutesAt = (event: ReactPointerEvent, column: HTMLElement) => clampMinutes((event.clientY - column.getBoundingClientRect().top) / pxPerMinute);
  const instant = (day: number, minutes: number) => new Date(bounds.dayStarts[day]!.getTime() + minutes * MINUTE);
  /** The day whose column is under the pointer (the nearest at the edges). */
  function dayAt(clientX: number, fallback: number): number {
    const columns = [...(grid.current?.querySelectorAll<HTMLElement>("[data-day-column]") ?? [])];
    let best = fallback;
    let distance = Infinity;
    for (const column of columns) {
      const box = column.getBoundingClientRect();
      const away = clientX < box.left ? box.left - clientX : clientX > box.right ? clientX - box.right : 0;
      if (away < distance) {
        distance = away;
        best = Number(column.dataset.dayColumn);
      }
    }
    return best;
  }

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
    setKeyMove(null);
    if (kind === "move") setDrag({ kind, move: { log, day, days: 0, minutes: 0 }, originY: event.clientY, moved: false });
    else setDrag({ kind, log, day, originY: event.clientY, deltaMinutes: 0, moved: false });
  }

  function onPointerMove(event: ReactPointerEvent<HTMLElement>) {
    if (!drag) return;
    if (drag.kind === "create") {
      const column = (event.currentTarget.closest("[data-day-column]") ?? event.currentTarget) as HTMLElement;
      setDrag({ ...drag, to: snap(minutesAt(event, column)) });
      return;
    }
    const minutes = snap((event.clientY - drag.originY) / pxPerMinute);
    const isMoved = drag.moved || Math.abs(event.clientY - drag.originY) > 4;
    if (drag.kind === "resize") setDrag({ ...drag, deltaMinutes: minutes, moved: isMoved });
    else {
      const days = dayAt(event.clientX, drag.move.day) - drag.move.day;
      setDrag({ ...drag, move: { ...drag.move, days, minutes }, moved: isMoved || days !== 0 });
    }
  }

  async function saveMove(move: Move) {
    if (move.days === 0 && move.minutes === 0) return;
    const to = movedTimes(move, bounds);
    setError(null);
    try {
      await update.mutateAsync({ id: move.log.id, startedAt: to.startedAt.toISOString(), endedAt: to.endedAt.toISOString() });
      setMessage(`Entry moved to ${formatWeekday(to.startedAt)}, ${formatTime(to.startedAt)} – ${formatTime(to.endedAt)}.`);
      if (isPhone) setShownDay(move.day + move.days);
    } catch (caught) {
      focusAfterMove.current = null;
      setError(describeError(caught));
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
      setEditing(done.kind === "move" ? done.move.log : done.log);
      return;
    }
    if (done.kind === "move") return saveMove(done.move);
    if (done.deltaMinutes === 0) return;
    const start = new Date(done.log.startedAt);
    const end = endOf(done.log);
    setError(null);
    try {
      await update.mutateAsync({ id: done.log.id, endedAt: new Date(Math.max(start.getTime() + SNAP_MINUTES * MINUTE, end.getTime() + done.deltaMinutes * MINUTE)).toISOString() });
      setMessage("Entry length changed.");
    } catch (caught) {
      setError(describeError(caught));
    }
  }

  function onBlockKeyDown(event: KeyboardEvent<HTMLButtonElement>, log: AppTimeLog, day: number) {
    if (lockReason(log)) return;
    const current = keyMove?.log.id === log.id ? keyMove : { log, day, days: 0, minutes: 0 };
    const step = { ArrowUp: [0, -SNAP_MINUTES], ArrowDown: [0, SNAP_MINUTES], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[event.key];
    if (step) {
      event.preventDefault();
      const next = { ...current, days: Math.min(6 - day, Math.max(-day, current.days + step[0]!)), minutes: current.minutes + step[1]! };
      setKeyMove(next);
      const to = movedTimes(next, bounds);
      setMessage(`Moving ${titleOf(log)} to ${formatWeekday(to.startedAt)}, ${formatTime(to.startedAt)} – ${formatTime(to.endedAt)}. Enter saves, Escape cancels.`);
    } else if (event.key === "Enter" && keyMove?.log.id === log.id) {
      event.preventDefault();
      setKeyMove(null);
      focusAfterMove.current = { id: log.id, day: keyMove.day + keyMove.days };
      void saveMove(keyMove);
    } else if (event.key === "Escape" && keyMove) {
      event.preventDefault();
      setKeyMove(null);
      setMessage("Move cancelled.");
    }
  }

  const nowMinutes = (now - startOfDay(new Date(now)).getTime()) / MINUTE;
  const movement = drag?.kind === "move" && drag.moved ? drag.move : keyMove;

  return (
    <section aria-label="Calendar">
      <p className="sr-only" role="status" aria-live="polite">
        {message}
      </p>
      <p id="calendar-keys" className="sr-only">
        Arrow keys move the entry by 15 minutes or by a day; Enter saves the move, or opens the entry; Escape cancels the move.
      </p>
      <FormError error={error} />
      <p className="text-sm text-muted-foreground mb-2">
        Drag on empty time to add an entry; drag an entry to move it to another time or day, or its lower edge to change its length. With the keyboard, focus an entry and use the arrow keys, then Enter.
      </p>
      {isPhone && (
        <div className="flex flex-wrap items-center gap-1 mb-2" role="group" aria-label="Day">
          {bounds.dayStarts.map((day, index) => (
            <Button key={day.toISOString()} size="sm" variant={index === shownDay ? "primary" : "ghost"} aria-pressed={index === shownDay} aria-label={formatWeekday(day)} className="flex-1 px-0.5! leading-tight" onClick={() => setShownDay(index)}>
              {formatWeekday(day).replace(/,.*/, "")}
              <span className="block tabular-nums">{Number(toLocalInputValue(day).slice(8, 10))}</span>
            </Button>
          ))}
        </div>
      )}
      <div ref={scroller} className="relative max-h-[620px] overflow-auto rounded-card border border-border bg-surface" data-testid="calendar-scroller">
        <div ref={grid} className={cn("grid", isPhone ? "grid-cols-[3.5rem_minmax(0,1fr)]" : "min-w-[680px] grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]")}>
          <div className="sticky top-0 left-0 z-30 bg-surface-raised border-b border-border" />
          {days.map((index) => (
            <div
              key={bounds.dayStarts[index]!.toISOString()}
              className={cn("sticky top-0 z-20 border-b border-l border-border bg-surface-raised px-1.5 py-2 text-center text-xs font-semibold", index === today && "text-primary")}
              aria-current={index === today ? "date" : undefined}
            >
              {formatWeekday(bounds.dayStarts[index]!)}
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
          {days.map((index) => (
            <div
              key={bounds.dayStarts[index]!.toISOString()}
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
              {/* Where the block lands; a phone's day view shows a move to another day in the day shown, naming that day. */}
              {movement && (movement.day + movement.days === index || (isPhone && movement.day === index)) && <MovePreview move={movement} bounds={bounds} />}
              {blocks
                .filter((block) => block.day === index)
                .map((block) => {
                  const resizing = drag?.kind === "resize" && drag.log.id === block.log.id ? drag : null;
                  const isMoving = movement?.log.id === block.log.id;
                  const height = Math.max(18, block.height + (resizing ? resizing.deltaMinutes * pxPerMinute : 0));
                  const title = titleOf(block.log);
                  const range = `${formatTime(block.log.startedAt)} – ${formatTime(endOf(block.log))}`;
                  const locked = lockReason(block.log);
                  const color = blockColor(block.log);
                  return (
                    <div
                      key={block.log.id}
                      className={cn("absolute z-[5] px-0.5", isMoving && "opacity-40")}
                      style={{ top: block.top, height, left: `${(block.column / block.columns) * 100}%`, width: `${100 / block.columns}%` }}
                    >
                      <button
                        type="button"
                        data-testid="calendar-block"
                        data-log-id={block.log.id}
                        data-color={color ?? undefined}
                        aria-label={`Edit entry: ${title}, ${range}, ${formatDuration(block.log.durationSeconds)}${locked ? `, ${locked}` : ""}`}
                        aria-describedby={locked ? undefined : "calendar-keys"}
                        style={colorStyle(color)}
                        className={cn(
                          "size-full touch-none overflow-hidden rounded-md border px-1.5 py-0.5 text-left text-xs text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-primary",
                          color ? cn("border-border", COLORED) : PLAIN,
                          locked ? "cursor-default opacity-80" : "cursor-grab",
                        )}
                        onPointerDown={(event) => startBlockDrag(event, block.log, index, "move")}
                        onKeyDown={(event) => onBlockKeyDown(event, block.log, index)}
                        onBlur={() => keyMove?.log.id === block.log.id && setKeyMove(null)}
                        onClick={(event) => {
                          // Pointer clicks are handled on pointer up; this is Enter and Space.
                          if (event.detail === 0 || locked) setEditing(block.log);
                        }}
                      >
                        <span className="block font-semibold truncate">{title}</span>
                        <span className="block tabular-nums truncate">{range}</span>
                        {(block.log.projectName || block.log.customerName) && <span className="block truncate">{block.log.projectName ?? block.log.customerName}</span>}
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

/** Where a moving block lands, drawn in the target day while the drag or the arrow keys go on. */
function MovePreview({ move, bounds }: { move: Move; bounds: Bounds }) {
  const to = movedTimes(move, bounds);
  const dayStart = bounds.dayStarts[move.day + move.days]!.getTime();
  const top = Math.max(0, (to.startedAt.getTime() - dayStart) / MINUTE) * pxPerMinute;
  const height = Math.max(18, ((to.endedAt.getTime() - to.startedAt.getTime()) / MINUTE) * pxPerMinute);
  const color = blockColor(move.log);
  return (
    <div
      className={cn("pointer-events-none absolute inset-x-1 z-[6] overflow-hidden rounded-md border-2 border-dashed px-1.5 py-0.5 text-xs text-foreground", color ? COLORED : "border-primary bg-primary-soft")}
      style={{ top, height, ...colorStyle(color) }}
      data-testid="calendar-move-preview"
      aria-hidden
    >
      <span className="block font-semibold truncate">{titleOf(move.log)}</span>
      <span className="block tabular-nums truncate">
        {move.days !== 0 && `${formatWeekday(to.startedAt)} · `}
        {formatTime(to.startedAt)} – {formatTime(to.endedAt)}
      </span>
    </div>
  );
}
