// The shim between the v1 edge (v1-route.ts) and trpc-to-openapi, which serves the procedures as REST.
// The adapter's Node handler (route table, procedure cache) is built once, at module load; each call
// hands it a stand-in request carrying the body the edge already read and checked, and a stand-in
// response that keeps the serialized result instead of writing it. Both stand-ins rely on how the
// adapter reads them in the version it was written against (ADAPTER_VERSION; tests/api/v1-adapter.test.ts
// fails when the installed version changes, and exercises each assumption).
import { TRPCError, type AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { procedureMeta } from "@/server/api/procedure-meta";
import { appRouter } from "@/server/api/root";
import type { RequestContext } from "@/server/api/trpc";
import { AppError } from "@/server/errors";

/** The trpc-to-openapi version whose request handling the stand-ins below were checked against. */
export const ADAPTER_VERSION = "3.3.0";

/** One procedure call through the adapter. */
export interface ProcedureCall {
  /** The request's method (HEAD is called as GET) and path under /api (`/api/v1/tasks`). */
  method: string;
  pathname: string;
  /** The query (`?limit=5`) without the parameters the operation does not accept. */
  search: string;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The request's parsed JSON body, for methods with one. */
  body: unknown;
  context: RequestContext;
}

/** What the procedure answered: its serialized result and success status, or what it failed with (in our words). */
export type ProcedureOutcome = { ok: true; status: number; json: string } | { ok: false; error: unknown };

/** One call's exchange with the adapter: what it gets in, what it answered or threw. */
interface Exchange {
  context: RequestContext;
  failure?: unknown;
  status?: number;
  json?: string;
}

/** The adapter only checks that a body's content type is JSON; ours is parsed already, whatever it said. */
const JSON_CONTENT = new Headers({ "content-type": "application/json" });

/**
 * The request as the adapter reads it. It treats a `Request` (by prototype) as a fetch request: it
 * takes `headers`, `signal`, `url` and `method` from it, a `body` that is not a stream as the parsed
 * input, and collects the query into `query`. Our own parsed body is handed over this way.
 */
function adapterRequest(call: ProcedureCall, exchange: Exchange): Request {
  return Object.create(Request.prototype, {
    // HEAD is answered as GET (Next drops the body); the adapter would otherwise answer it 204 unrouted.
    method: { value: call.method === "HEAD" ? "GET" : call.method },
    url: { value: `${call.pathname.replace(/^\/api/, "")}${call.search}` },
    headers: { value: JSON_CONTENT },
    signal: { value: call.signal },
    body: { value: call.body },
    query: { value: undefined, writable: true },
    exchange: { value: exchange },
  }) as Request;
}

const exchangeOf = (carrier: unknown) => (carrier as { exchange: Exchange }).exchange;

/** The 404 of the v1 edge, for a path no operation serves. */
export const noSuchRoute = () => new AppError("not_found", "No such API route.");

/** The adapter's own routing misses are a 404 in our words; everything else maps through toAppError. */
export function fromAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (error instanceof TRPCError && !(error.cause instanceof AppError) && (code === "NOT_FOUND" || code === "METHOD_NOT_SUPPORTED")) return noSuchRoute();
  return error;
}

/** A caller of `router`'s procedures through the adapter; a procedure's success status comes from `successStatusOf` its dotted path. */
export function createProcedureCaller(router: AnyRouter, successStatusOf: (path: string | undefined) => number | undefined) {
  const handle = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: unknown }) => exchangeOf(req).context,
    onError: ({ error, req }: { error: TRPCError; req: unknown }) => {
      exchangeOf(req).failure = error;
    },
    responseMeta: ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) => (errors.length ? {} : { status: successStatusOf(paths?.[0]) ?? 200 }),
  } as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as (req: Request, res: unknown) => Promise<void>;

  return async (call: ProcedureCall): Promise<ProcedureOutcome> => {
    const exchange: Exchange = { context: call.context };
    const res = {
      statusCode: 200,
      setHeader() {},
      end(json: string) {
        exchange.status = res.statusCode;
        exchange.json = json;
      },
    };
    await handle(adapterRequest(call, exchange), res);
    if (exchange.failure !== undefined) return { ok: false, error: fromAdapterError(exchange.failure) };
    if (exchange.json === undefined) return { ok: false, error: noSuchRoute() };
    return { ok: true, status: exchange.status ?? 200, json: exchange.json };
  };
}

/** Calls the product's procedures (the app router), each answering with the success status its meta declares. */
export const callProcedure = createProcedureCaller(appRouter, (path) => procedureMeta(path)?.successStatus);
