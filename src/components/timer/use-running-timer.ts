"use client";
// The running timer's clock and Stop, for the shell's running timer and the Timer page.
import { useEffect, useState } from "react";
import { elapsedSeconds } from "@/lib/time-format";
import { useOfflineSync, type SubmitOutcome } from "./use-offline-sync";

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

/** A timer action's state, as a mutation's: pending while it runs, the last refusal after. */
function useTimerAction<A extends unknown[]>(action: (...args: A) => Promise<SubmitOutcome>) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mutateAsync = async (...args: A) => {
    setIsPending(true);
    setError(null);
    try {
      return await action(...args);
    } catch (caught) {
      setError(caught);
      throw caught;
    } finally {
      setIsPending(false);
    }
  };
  return { isPending, error, mutateAsync, mutate: (...args: A) => void mutateAsync(...args).catch(() => {}) };
}

/**
 * Stop, shared by the shell, the Timer page, the shortcuts and the idle question. It sends the click's
 * own time (`stoppedAt`); offline, or when the outcome is unknown, the stop waits in this browser's
 * queue and is sent when the browser is back, so the log still ends when the person clicked.
 */
export function useStopTimer() {
  return useTimerAction(useOfflineSync().stopTimer);
}

/** Start, with the click's own time (`startedAt`), for the same reason as Stop. */
export function useStartTimer() {
  return useTimerAction(useOfflineSync().startTimer);
}
