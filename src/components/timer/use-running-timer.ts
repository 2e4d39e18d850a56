"use client";
// The running timer's clock and Stop, for the shell's running timer and the Timer page.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTimeInvalidation } from "@/components/ui/use-invalidation";
import { elapsedSeconds } from "@/lib/time-format";
import { useTRPC } from "@/trpc/react";

/** Seconds since `startedAt`, re-rendered every second while a timer runs. */
export function useElapsed(startedAt: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt) return;
    setNow(Date.now());
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, [startedAt]);
  return startedAt ? elapsedSeconds(startedAt, now) : 0;
}

/**
 * Stop, shared by the shell and the Timer page: afterwards the timer, logs and tasks are re-read. It
 * sends the click's own time (`stoppedAt`): offline, React Query holds the call until the browser is
 * back online, and the log still ends when the person clicked.
 */
export function useStopTimer() {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  const stop = useMutation(trpc.timers.stop.mutationOptions({ onSettled: invalidate }));
  return { ...stop, mutate: (stoppedAt: Date = new Date()) => stop.mutate({ stoppedAt: stoppedAt.toISOString() }), mutateAsync: (stoppedAt: Date = new Date()) => stop.mutateAsync({ stoppedAt: stoppedAt.toISOString() }) };
}

/** Start, with the click's own time (`startedAt`), for the same reason as Stop. */
export function useStartTimer() {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  return useMutation(trpc.timers.start.mutationOptions({ onSettled: invalidate }));
}
