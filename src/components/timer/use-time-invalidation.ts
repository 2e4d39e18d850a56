"use client";
// After anything that changes tracked time: the timer, the time logs (lists and totals) and the
// tasks' logged seconds are read again.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "@/trpc/react";

export function useTimeInvalidation(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.timers.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.timeLogs.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.tasks.pathKey() }),
    ]);
  }, [trpc, queryClient]);
}
