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

/** Stop, shared by the shell and the Timer page: afterwards the timer, logs and tasks are re-read. */
export function useStopTimer() {
  const trpc = useTRPC();
  const invalidate = useTimeInvalidation();
  return useMutation(trpc.timers.stop.mutationOptions({ onSettled: invalidate }));
}
