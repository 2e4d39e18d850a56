"use client";
// Start, End and Duration of an entry as one linked set (Add time, Edit entry, a calendar draft): the
// Duration field always says what the Start and End say. Changing the End recomputes the Duration;
// typing a Duration moves the End; changing the Start keeps the End (`keep: "end"`, the Duration
// follows) or the Duration (`keep: "duration"`, the End follows). No field keeps a value from before.
import { useState } from "react";
import { parseDuration } from "@/lib/duration";
import { formatDuration, fromLocalInputValue, toLocalInputValue } from "@/lib/time-format";

export interface TimeRangeStart {
  startedAt?: string | null;
  endedAt?: string | null;
  /** When it differs from the range (an entry's own duration), shown instead of the range's length. */
  durationSeconds?: number | null;
}

const secondsBetween = (start: string | null, end: string | null) => (start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 1000) : null);
const plus = (start: string, seconds: number) => new Date(Date.parse(start) + seconds * 1000).toISOString();

export function useTimeRange(initial: TimeRangeStart, options: { keep: "end" | "duration" }) {
  const initialSeconds = initial.durationSeconds ?? secondsBetween(initial.startedAt ?? null, initial.endedAt ?? null);
  const [start, setStartText] = useState(initial.startedAt ? toLocalInputValue(initial.startedAt) : "");
  const [end, setEndText] = useState(initial.endedAt ? toLocalInputValue(initial.endedAt) : "");
  const [duration, setDurationText] = useState(initialSeconds !== null && initialSeconds >= 0 ? formatDuration(initialSeconds) : "");
  // Whether the person typed the Duration (then it is sent as typed), rather than it following the range.
  const [isDurationTyped, setIsDurationTyped] = useState(false);

  const startedAt = fromLocalInputValue(start);
  const endedAt = fromLocalInputValue(end);
  const parsed = parseDuration(duration);

  /** The Duration a range gives, when it is a range at all (an End before the Start leaves the field as typed). */
  function followRange(nextStart: string | null, nextEnd: string | null) {
    const seconds = secondsBetween(nextStart, nextEnd);
    if (seconds !== null && seconds >= 0) {
      setDurationText(formatDuration(seconds));
      setIsDurationTyped(false);
    }
  }

  return {
    start,
    end,
    duration,
    startedAt,
    endedAt,
    /** Seconds of the Duration field, or null when it does not read as a duration. */
    durationSeconds: parsed.ok ? parsed.seconds : null,
    /** What the number parser says of a Duration it cannot read (both readings of an ambiguous one). */
    durationError: parsed.ok ? null : parsed.error,
    isDurationTyped,
    setStart(text: string) {
      setStartText(text);
      const nextStart = fromLocalInputValue(text);
      if (options.keep === "duration" && nextStart && parsed.ok) setEndText(toLocalInputValue(plus(nextStart, parsed.seconds)));
      else followRange(nextStart, endedAt);
    },
    setEnd(text: string) {
      setEndText(text);
      followRange(startedAt, fromLocalInputValue(text));
    },
    setDuration(text: string) {
      setDurationText(text);
      setIsDurationTyped(true);
      const next = parseDuration(text);
      if (startedAt && next.ok) setEndText(toLocalInputValue(plus(startedAt, next.seconds)));
    },
  };
}
