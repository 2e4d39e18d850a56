// tRPC: the domain core. Every route of the product is a procedure here; the HTTP edges only adapt.
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { PrismaClient } from "@/generated/prisma/client";
import type { Scope } from "@/server/auth/scopes";
import type { SessionHandle } from "@/server/api/middleware/session";
import { ERROR_CONTRACT, toAppError } from "@/server/errors";
import { IdempotentReplay, type IdempotentRequest } from "@/server/services/idempotency/idempotency-keys";

/** What a procedure declares besides its input and output. */
export type ProcedureMeta = OpenApiMeta<{
  /** Scopes an API key needs for the route (contract section 5.2). */
  scopes?: Scope[];
  /** Scopes needed only when the raw body names a field (checked before validation, documented from here). */
  conditionalScopes?: Array<{ scope: Scope; whenInputHas: string }>;
  /** HTTP status of a successful response at the REST edges (default 200). */
  successStatus?: 200 | 201;
}>;

export interface RequestContext {
  db: PrismaClient;
  /** The edge that built the context: the public API (`api`, an API key is the credential) or the web app (`app`, the session). */
  edge: "api" | "app";
  /** Request headers (API key, cookies, origin). */
  headers: Headers;
  /** Headers the edge adds to the response (rate limits, Set-Cookie). */
  resHeaders: Headers;
  session: SessionHandle;
  /** The URL the request was addressed to, when there is a request (not for in-process page reads). */
  requestUrl?: string;
  /** A /api/v1 POST or PATCH with an Idempotency-Key: the request as its key identifies it, and the claim once admitted. */
  idempotency?: { request: IdempotentRequest; claim?: { id: string; organizationId: string } };
}

const t = initTRPC.context<RequestContext>().meta<ProcedureMeta>().create({
  // The REST edges build the contract's envelope themselves; this shape is what the web app's tRPC
  // client sees: the same code, message and details, and never a stack.
  errorFormatter({ shape, error }) {
    const appError = toAppError(error, { log: false });
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message: appError.message, data: { ...data, appCode: appError.code, details: appError.details } };
  },
});

/** Domain errors leave a procedure as tRPC errors of the matching code, the AppError kept as cause. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // A replayed answer is no error: the v1 edge sends it as it was stored.
  if (!result.ok && result.error.cause instanceof IdempotentReplay) return result;
  if (!result.ok && !(result.error.cause instanceof TRPCError) && result.error.code === "INTERNAL_SERVER_ERROR") {
    const appError = toAppError(result.error);
    throw new TRPCError({ code: ERROR_CONTRACT[appError.code].trpc, message: appError.message, cause: appError });
  }
  return result;
});

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(domainErrors);
