"use client";
// The running timer on every page: what it is, how long it has run (ticking each second) and Stop.
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { Button } from "@/components/ui";
import { formatClock } from "@/lib/time-format";
import { describeError } from "@/trpc/errors";
import { useCurrentTimer, useElapsed, useStopTimer } from "@/components/timer/use-running-timer";

const PILL = "flex min-w-0 items-center gap-2.5 rounded-full border border-border bg-background";

export function RunningTimer() {
  const current = useCurrentTimer();
  const timer = current.data ?? null;
  const elapsed = useElapsed(timer?.startedAt);
  const stop = useStopTimer();

  if (!timer) {
    return (
      <Link href="/timer" className={cn(PILL, "px-3 py-1.5 text-[0.88rem] text-muted-foreground hover:text-foreground hover:no-underline max-md:text-[0.8rem]")}>
        <span className="mr-2 inline-block size-2 rounded-full bg-idle" aria-hidden="true" />
        No timer running
      </Link>
    );
  }
  return (
    <div className={cn(PILL, "py-1 pr-1 pl-3")} role="region" aria-label="Running timer">
      <span className="size-2 flex-none rounded-full bg-success shadow-[0_0_0_3px_var(--success-soft)]" aria-hidden="true" />
      <Link href="/timer" className="max-w-[220px] truncate text-[0.9rem] text-foreground max-md:hidden" title={timer.description ?? undefined}>
        {timer.description || "Timer running"}
      </Link>
      <span className="font-bold tabular-nums" data-testid="running-timer-elapsed" aria-label={`Elapsed ${formatClock(elapsed)}`}>
        {formatClock(elapsed)}
      </span>
      <Button size="sm" variant="danger" className="rounded-full!" isPending={stop.isPending} onClick={() => stop.mutate()}>
        Stop
      </Button>
      {stop.error !== null && (
        <span className="sr-only" role="alert">
          {describeError(stop.error).message}
        </span>
      )}
    </div>
  );
}
