// tRPC: the domain core. Every route of the product is a procedure here; the HTTP edges only adapt.
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { PrismaClient } from "@/generated/prisma/client";
import type { Scope } from "@/server/auth/scopes";
import type { DeviceProof } from "@/server/auth/device-cookies";
import { ERROR_CONTRACT, toAppError, type AppError, type ReferenceKind } from "@/server/errors";
// Field errors in words for people wherever a schema gives none (zod's global fallback).
import "@/server/lib/zod-messages";
import type { PresentedKey } from "@/server/api/middleware/api-key";
import type { IdempotentRequest, StoredAnswer } from "@/server/services/idempotency/idempotency-keys";

/** What a procedure declares besides its input and output. */
export type ProcedureMeta = OpenApiMeta<{
  /** Scopes an API key needs for the route (contract section 5.2). */
  scopes?: Scope[];
  /** Scopes needed only when the raw body names a field (checked before validation, documented from here). */
  conditionalScopes?: Array<{ scope: Scope; whenInputHas: string }>;
  /** HTTP status of a successful response at the REST edges (default 200). */
  successStatus?: 200 | 201;
  /**
   * Body fields holding ids of the organization's data, and what each must be: when the input is
   * refused, those that passed its checks are looked up too, so one 400 names every invalid field.
   */
  references?: Readonly<Record<string, ReferenceKind>>;
}>;

export interface SessionData {
  userId: string;
  /** The session record (services/auth/sessions.ts) the cookie names; revoking the record ends the session. */
  sessionId: string;
}

/** The web app's session, read once per request; `save`/`destroy` queue the Set-Cookie header. */
export interface SessionHandle {
  data: SessionData | null;
  save(data: SessionData): Promise<void>;
  destroy(): void;
}

/** The browser's device cookie (auth/device-cookies.ts): what it proves, and issuing a new one on sign-in. */
export interface DeviceHandle {
  /** The user this browser signed in as before, when its device cookie holds. */
  proof: DeviceProof | undefined;
  /** Queues a new device cookie for a browser that just signed in as `userId`. */
  remember(userId: string): void;
}

/**
 * What a procedure runs with, built for every edge and page read by one function,
 * `createRequestContext` (src/server/http/request-context.ts): procedures read the request's facts
 * here and import nothing from the HTTP layer.
 */
export interface RequestContext {
  db: PrismaClient;
  /** The edge that built the context: the public API (`api`, an API key is the credential) or the web app (`app`, the session). */
  edge: "api" | "app";
  /** Request headers (the API key's Authorization). */
  headers: Headers;
  /** Headers the edge adds to the response (rate limits, Set-Cookie). */
  resHeaders: Headers;
  /** The session cookie's session; the public API's requests never have one. */
  session: SessionHandle;
  /** The device cookie; the public API's requests never have one. */
  device: DeviceHandle;
  /** The API key the Authorization header presents, read once per request (hashed only when it is one). */
  presentedKey: PresentedKey;
  /** The client's network address, for per-address throttles; undefined when unknown. */
  clientAddress: string | undefined;
  /** The public origin the request belongs to, for absolute URLs handed back (feed, invite, share links). */
  origin: string;
  /**
   * What the /api/v1 edge found wrong with the request itself (a NUL in the query, a query parameter
   * its operation does not take, a body that cannot be read): answered once the request is admitted,
   * after 401-429 as the contract orders them, and counted like any other request.
   */
  requestRefusal?: AppError;
  /**
   * A /api/v1 POST or PATCH with an Idempotency-Key: the request as its key identifies it, and once
   * admitted, the claim it runs under or the stored answer the edge replays (the procedure does not run).
   */
  idempotency?: { request: IdempotentRequest; claim?: { id: string; organizationId: string }; replay?: StoredAnswer };
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

/** A failure as the tRPC error of its domain code, the AppError kept as cause; a failure that already has its code as it is. */
function withDomainCode(error: TRPCError): TRPCError {
  if (error.cause instanceof TRPCError || error.code !== "INTERNAL_SERVER_ERROR") return error;
  const appError = toAppError(error);
  return new TRPCError({ code: ERROR_CONTRACT[appError.code].trpc, message: appError.message, cause: appError });
}

/**
 * Domain errors leave a procedure as tRPC errors of the matching code: `run` is the rest of the
 * chain (`next`), or a first step of a procedure base that does this itself (`bareProcedure`), whose
 * own failures are mapped the same way.
 */
export async function withDomainErrors<Result extends { ok: boolean }>(run: () => Promise<Result>): Promise<Result> {
  let result: Result;
  try {
    result = await run();
  } catch (cause) {
    throw withDomainCode(getTRPCErrorFromUnknown(cause));
  }
  if (!result.ok) {
    const { error } = result as unknown as { error: TRPCError };
    const mapped = withDomainCode(error);
    if (mapped !== error) throw mapped;
  }
  return result;
}

const domainErrors = t.middleware(({ next }) => withDomainErrors(next));

export const createRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(domainErrors);

/**
 * tRPC's procedure without the domain-error step, for a base whose first step wraps itself in
 * `withDomainErrors`: the public API's bases, one step shorter (tRPC copies a request's options
 * and context at every step).
 */
export const bareProcedure = t.procedure;
