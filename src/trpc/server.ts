// Server-side reads for pages: the same procedures the browser calls, invoked in-process with the
// request's cookies, so the first render already knows who is signed in.
import { TRPCError } from "@trpc/server";
import { appRouter } from "@/server/api/root";
import { createCallerFactory } from "@/server/api/trpc";
import { readSession } from "@/server/api/middleware/session";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import type { Account } from "./types";

const createCaller = createCallerFactory(appRouter);

/** The signed-in account for these request headers, or null when there is no valid session. */
export async function loadAccount(requestHeaders: Headers): Promise<Account | null> {
  // A page cannot set cookies, so whatever the session would write is dropped.
  const resHeaders = new Headers();
  const caller = createCaller({
    db: await getDb(),
    headers: requestHeaders,
    resHeaders,
    session: await readSession(requestHeaders, resHeaders),
  });
  try {
    return await caller.auth.me();
  } catch (error) {
    const cause = error instanceof TRPCError ? error.cause : error;
    if (cause instanceof AppError && cause.code === "unauthorized") return null;
    throw error;
  }
}
