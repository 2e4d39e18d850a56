"use client";
// The running timer as every part of the app reads it (the shell, the tab's title, the Timer page, the
// idle question), its clock, and Start and Stop.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { elapsedSeconds } from "@/lib/time-format";
import { useTRPC } from "@/trpc/react";
import { useHasLocalChanges, useOfflineSync, type SubmitOutcome } from "./use-offline-sync";

/** While the page is visible the running timer is read again this often, so a stop made elsewhere shows. */
export const TIMER_REFRESH_MS = 10_000;

/**
 * The caller's running timer, followed: read again every 10 s while the page is visible (React Query
 * pauses the interval in a hidden tab) and at once when the tab or window comes back, so the title and
 * the timer bar follow a start or stop made in another tab, on another device or through the API. While
 * a click waits in this browser's offline queue the page shows the click, not a read of the server.
 */
export function useCurrentTimer() {
  const trpc = useTRPC();
  const isFollowing = !useHasLocalChanges();
  const query = useQuery({
    ...trpc.timers.current.queryOptions(),
    refetchInterval: isFollowing ? TIMER_REFRESH_MS : false,
    refetchOnWindowFocus: isFollowing ? "always" : false,
    refetchOnReconnect: isFollowing ? "always" : false,
  });
  const { refetch } = query;
  useEffect(() => {
    if (!isFollowing) return;
    // React Query follows the tab's visibility; a window that regains focus while visible is read too.
    const onFocus = () => void refetch();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [isFollowing, refetch]);
  return query;
}

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
