"use client";
// The signed-in account, from the query the shell's server render filled. Plan and role changes
// invalidate `auth.me`, so every page follows at once.
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import type { Account } from "@/trpc/types";

export function useAccount(): Account {
  const trpc = useTRPC();
  return useSuspenseQuery(trpc.auth.me.queryOptions()).data;
}

/** Whether to show admin-only actions. The server refuses them to members regardless. */
export function useIsAdmin(): boolean {
  return useAccount().role === "admin";
}

export function useIsPro(): boolean {
  return useAccount().organization.plan === "pro";
}
