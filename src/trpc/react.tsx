"use client";
// The web app's data layer: React Query over tRPC (`useTRPC()` gives typed query and mutation
// options). A 401 from any call means the session ended: the person goes to log in and comes back.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "@/server/api/root";
import { describeError } from "./errors";
import { makeQueryClient } from "./query-client";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

let browserQueryClient: QueryClient | undefined;

/** The login page for the current location, so that signing in comes back here. */
export function loginHrefFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

function sendToLoginOnUnauthorized(error: unknown): void {
  if (typeof window === "undefined" || describeError(error).code !== "unauthorized") return;
  if (window.location.pathname === "/login" || window.location.pathname === "/signup") return;
  window.location.assign(loginHrefFor(window.location));
}

function getQueryClient(): QueryClient {
  // The server render gets a fresh client per request; the browser keeps one for the whole visit.
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient({ onError: sendToLoginOnUnauthorized });
  return browserQueryClient;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc" })] }));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
