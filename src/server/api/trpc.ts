// tRPC: the domain core. Every route of the product is a procedure here; the HTTP edges only adapt.
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { PrismaClient } from "@/generated/prisma/client";
import type { Scope } from "@/server/auth/scopes";
import type { SessionHandle } from "@/server/api/middleware/session";

/** What a procedure declares besides its input and output. */
export type ProcedureMeta = OpenApiMeta<{
  /** Scopes an API key needs for the route (contract section 5.2). */
  scopes?: Scope[];
  /** Scopes needed only for some inputs, read from the raw input before validation. */
  scopesForInput?: (rawInput: unknown) => Scope[];
  /** HTTP status of a successful response at the REST edges (default 200). */
  successStatus?: 200 | 201;
}>;

export interface RequestContext {
  db: PrismaClient;
  /** Request headers (API key, cookies, origin). */
  headers: Headers;
  /** Headers the edge adds to the response (rate limits, Set-Cookie). */
  resHeaders: Headers;
  session: SessionHandle;
}

const t = initTRPC.context<RequestContext>().meta<ProcedureMeta>().create({
  // Errors are mapped to the contract's envelope at the edges; tRPC's own shape is only seen by
  // the web app's tRPC client, so keep the AppError code visible there too.
  errorFormatter({ shape, error }) {
    const cause = error.cause as { code?: string; details?: unknown } | undefined;
    return { ...shape, data: { ...shape.data, appCode: cause?.code, details: cause?.details } };
  },
});

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure;
