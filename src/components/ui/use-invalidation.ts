"use client";
// What a mutation's success re-reads: one area's queries (`useInvalidate("tasks")`), or after anything
// that changes tracked time, the timer, the time logs (lists and totals) and the tasks' logged seconds.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "@/trpc/react";

type Areas = ReturnType<typeof useTRPC>;
/** The routers whose queries are re-read together. */
export type InvalidationArea = "apiKeys" | "approvals" | "calendarFeed" | "constellations" | "customers" | "invoices" | "notifications" | "organization" | "tasks" | "timeLogs" | "timers" | "webhooks" | "oauthApps" | "installedApps";

/** Re-reads every query of these areas. */
export function useInvalidate(...areas: InvalidationArea[]): () => Promise<void> {
  const trpc: Areas = useTRPC();
  const queryClient = useQueryClient();
  // The areas by value, so the callback stays the same across renders.
  const key = areas.join(",");
  return useCallback(async () => {
    await Promise.all(key.split(",").map((area) => queryClient.invalidateQueries({ queryKey: trpc[area as InvalidationArea].pathKey() })));
  }, [trpc, queryClient, key]);
}

export function useTimeInvalidation(): () => Promise<void> {
  return useInvalidate("timers", "timeLogs", "tasks");
}
