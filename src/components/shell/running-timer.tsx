"use client";
// The running timer on every page: what it is, how long it has run (ticking each second) and Stop.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "@/components/ui";
import { formatClock } from "@/lib/time-format";
import { describeError } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { useElapsed, useStopTimer } from "@/components/timer/use-running-timer";

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
