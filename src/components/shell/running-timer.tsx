"use client";
// The running timer on every page: what it is, how long it has run (ticking each second) and Stop.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui";
import { elapsedSeconds, formatClock } from "@/lib/time-format";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { useTimeInvalidation } from "@/components/timer/use-time-invalidation";

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

/** Stop, shared by the shell and the Timer page: afterwards the timer, logs and tasks are re-read. */
export function useStopTimer() {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  return useMutation(trpc.timers.stop.mutationOptions({ onSettled: invalidate }));
}

export function RunningTimer() {
  const trpc = useTRPC();
  const current = useQuery(trpc.timers.current.queryOptions());
  const timer = current.data ?? null;
  const elapsed = useElapsed(timer?.startedAt);
  const stop = useStopTimer();

  if (!timer) {
    return (
      <Link href="/timer" className="running-timer running-timer-idle">
        <span className="timer-dot timer-dot-idle" aria-hidden="true" />
        No timer running
      </Link>
    );
  }
  return (
    <div className="running-timer" role="region" aria-label="Running timer">
      <span className="timer-dot" aria-hidden="true" />
      <Link href="/timer" className="running-timer-label" title={timer.description ?? undefined}>
        {timer.description || "Timer running"}
      </Link>
      <span className="running-timer-clock" data-testid="running-timer-elapsed" aria-label={`Elapsed ${formatClock(elapsed)}`}>
        {formatClock(elapsed)}
      </span>
      <Button size="sm" variant="danger" isPending={stop.isPending} onClick={() => stop.mutate()}>
        Stop
      </Button>
      {stop.error && (
        <span className="sr-only" role="alert">
          {describeError(stop.error).message}
        </span>
      )}
    </div>
  );
}
