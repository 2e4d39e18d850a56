// Server-side reads for pages: the same procedures the browser calls, invoked in-process with the
// request's cookies, so the first render already knows who is signed in and has its data.
import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import { TRPCError } from "@trpc/server";
import { createTRPCOptionsProxy, type TRPCInfiniteQueryOptions, type TRPCQueryOptions } from "@trpc/tanstack-react-query";
import { cookies, headers } from "next/headers";
import { cache, type ReactNode } from "react";
import { appRouter } from "@/server/api/root";
import { createCallerFactory, type RequestContext } from "@/server/api/trpc";
import { readSession } from "@/server/api/middleware/session";
import { getDb } from "@/server/db";
import { AppError, toAppError } from "@/server/errors";
import { isTimeZone, TIME_ZONE_COOKIE } from "@/lib/zoned-day";
import { makeQueryClient } from "./query-client";
import type { Account } from "./types";

const createCaller = createCallerFactory(appRouter);

async function contextFor(requestHeaders: Headers): Promise<RequestContext> {
  // A page cannot set cookies, so whatever the session would write is dropped.
  const resHeaders = new Headers();
  return { db: await getDb(), edge: "app", headers: requestHeaders, resHeaders, session: await readSession(requestHeaders, resHeaders) };
}

/** A tRPC caller acting as the person of these request headers (a page's, a test's). */
export async function createServerCaller(requestHeaders: Headers) {
  return createCaller(await contextFor(requestHeaders));
}

export function isUnauthorized(error: unknown): boolean {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof AppError && cause.code === "unauthorized";
}

/** The contract's code (`not_found`, `validation_error`, …) of what a server caller threw. */
export function errorCodeOf(error: unknown): string {
  return toAppError(error, { log: false }).code;
}

/** The signed-in account for these request headers, or null when there is no valid session. */
export async function loadAccount(requestHeaders: Headers): Promise<Account | null> {
  const caller = await createServerCaller(requestHeaders);
  try {
    return await caller.auth.me();
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** One query cache per server request, shared by the layout and the page. */
export const getServerQueryClient: () => QueryClient = cache(makeQueryClient);

/**
 * Query options for the first render, from the request's session: `prefetch(trpc.x.y.queryOptions())`
 * in a page, then wrap the client part in `<HydrateClient>`.
 */
export const trpc = createTRPCOptionsProxy({
  router: appRouter,
  queryClient: getServerQueryClient,
  ctx: async () => contextFor(await headers()),
});

/**
 * Runs a query (or an infinite list's first page) for the first render; a failure is left for the
 * browser to show and retry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any procedure's query options
export async function prefetch<T extends ReturnType<TRPCQueryOptions<any>> | ReturnType<TRPCInfiniteQueryOptions<any>>>(options: T): Promise<void> {
  const queryClient = getServerQueryClient();
  const meta = options.queryKey[1];
  if (meta && !Array.isArray(meta) && meta.type === "infinite") await queryClient.prefetchInfiniteQuery(options as ReturnType<TRPCInfiniteQueryOptions<never>>);
  else await queryClient.prefetchQuery(options as ReturnType<TRPCQueryOptions<never>>);
}

/** Hands the server render's query cache to the browser's React Query. */
export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getServerQueryClient())}>{children}</HydrationBoundary>;
}

/** The browser's time zone, as the app last told the server (a cookie); null before it has. */
export async function requestTimeZone(): Promise<string | null> {
  const value = (await cookies()).get(TIME_ZONE_COOKIE)?.value ?? "";
  const zone = value.includes("%") ? decodeURIComponent(value) : value;
  return isTimeZone(zone) ? zone : null;
}
