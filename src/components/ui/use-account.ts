"use client";
// The signed-in account, from the query the shell's server render filled. Plan and role changes
// invalidate `auth.me`, so every page follows at once.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
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

/**
 * Whether to offer creating, editing and archiving customers and projects: the server's answer for this
 * person (admins always; members when the organization allows it). False until it is known.
 */
export function useCanManageCustomers(): boolean {
  const trpc = useTRPC();
  const isAdmin = useIsAdmin();
  const permissions = useQuery({ ...trpc.organization.customerPermissions.queryOptions(), enabled: !isAdmin });
  return isAdmin || permissions.data?.canManageCustomers === true;
}
