"use client";
// The running timer's elapsed time at the front of the tab's title ("0:12:05 · Design review · Time
// logs · Orbit"), so it shows from any tab; the page's own title comes back when the timer stops.
import { useEffect, useRef } from "react";
import { useCurrentTimer, useElapsed } from "@/components/timer/use-running-timer";
import { formatClock } from "@/lib/time-format";

export function TimerTitle() {
  const timer = useCurrentTimer().data ?? null;
  const elapsed = useElapsed(timer?.startedAt);
  const description = timer?.description ?? null;
  const isRunning = timer !== null;
  const written = useRef<string | null>(null);
  const page = useRef("");

  useEffect(() => {
    // A title we did not write is the page's own (Next set it on navigation).
    if (document.title !== written.current) page.current = document.title;
    const title = isRunning ? `${formatClock(elapsed)} · ${description ? `${description} · ` : ""}${page.current}` : page.current;
    document.title = title;
    written.current = title;
  }, [isRunning, elapsed, description]);

  return null;
}
