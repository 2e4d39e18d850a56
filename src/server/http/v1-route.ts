// Edge for the public API: every /api/v1 path is answered here. The operation table (v1-operations.ts)
// decides an unknown path (404), a method a path does not serve (405 with `Allow`) and OPTIONS (204
// with `Allow`, no CORS); the document and the events stream are answered here; every other operation
// is served from the tRPC routers by trpc-to-openapi. Its Node handler (route table, procedure cache)
// is built once, at module load; each request hands it the body we already read and checked, and its
// serialized result goes out as it is. What the adapter does by default that the contract forbids is
// corrected here, in one place: its error and 404 bodies (replaced by our envelope), its body parsing
// (we enforce 1 MiB, JSON objects only) and its silence about query parameters it does not know
// (named in a 400 once the request is admitted); the success status (201 for creates) comes from the
// procedure's meta through `responseMeta`.
import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { procedureMeta } from "@/server/api/procedure-meta";
import { appRouter } from "@/server/api/root";
import type { RequestContext } from "@/server/api/trpc";
import { admitApiRequest } from "@/server/api/middleware/admit";
import { bearerKeyHash, findApiKey } from "@/server/api/middleware/api-key";
import { openApiDocumentJson } from "@/server/api/openapi";
import { getDatabase } from "@/server/db";
import { openEventStream } from "@/server/services/events/event-stream";
import { AppError } from "@/server/errors";
import { assertNoNulCharacters, parseJsonBodyText, readBodyText } from "@/server/http/body";
import { expectedOrigin } from "@/server/http/origin";
import { createRequestContext } from "@/server/http/request-context";
import { routeV1Request, unknownQueryParameters, type V1Operation } from "@/server/http/v1-operations";
import { errorAnswer, type JsonAnswer } from "@/server/http/responses";
import { getLogger } from "@/server/operations/logger";
import {
  completeIdempotencyKey,
  IdempotentReplay,
  idempotentRequest,
  releaseIdempotencyKey,
} from "@/server/services/idempotency/idempotency-keys";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);
/** Methods an Idempotency-Key applies to (app-api section 13); on others the header is ignored. */
const IDEMPOTENT_METHODS = new Set(["POST", "PATCH"]);
/** The adapter only checks that a body's content type is JSON; ours is parsed already, whatever it said. */
const JSON_CONTENT = new Headers({ "content-type": "application/json" });

/** One request's exchange with the adapter: what it gets in, what it answered or threw. */
interface Exchange {
  context: RequestContext;
  failure?: unknown;
  status?: number;
  json?: string;
}

/**
 * The request as the adapter reads it. It treats a `Request` (by prototype) as a fetch request: it
 * takes `headers`, `signal`, `url` and `method` from it, a `body` that is not a stream as the parsed
 * input, and collects the query into `query`. Our own parsed body is handed over this way.
 */
function adapterRequest(request: V1Request, search: string, body: unknown, exchange: Exchange): Request {
  return Object.create(Request.prototype, {
    // HEAD is answered as GET (Next drops the body); the adapter would otherwise answer it 204 unrouted.
    method: { value: request.method === "HEAD" ? "GET" : request.method },
    url: { value: `${request.pathname.replace(/^\/api/, "")}${search}` },
    headers: { value: JSON_CONTENT },
    signal: { value: request.signal },
    body: { value: body },
    query: { value: undefined, writable: true },
    exchange: { value: exchange },
  }) as Request;
}

const exchangeOf = (carrier: unknown) => (carrier as { exchange: Exchange }).exchange;

const handleOpenApiRequest = createOpenApiNodeHttpHandler({
  router: appRouter,
  createContext: ({ req }: { req: unknown }) => exchangeOf(req).context,
  onError: ({ error, req }: { error: TRPCError; req: unknown }) => {
    exchangeOf(req).failure = error;
  },
  responseMeta: ({ paths, errors }: { paths?: readonly string[]; errors: readonly unknown[] }) =>
    errors.length ? {} : { status: procedureMeta(paths?.[0])?.successStatus ?? 200 },
} as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as (req: Request, res: unknown) => Promise<void>;

const noSuchRoute = () => new AppError("not_found", "No such API route.");

/** The adapter's own routing misses are a 404 in our words; everything else maps through toAppError. */
function fromAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (error instanceof TRPCError && !(error.cause instanceof AppError) && (code === "NOT_FOUND" || code === "METHOD_NOT_SUPPORTED")) return noSuchRoute();
  return error;
}

/**
 * The query as the adapter gets it: without the parameters the operation does not accept (a 400 once
 * the request is admitted; `__proto__` or `toString` would otherwise land on the prototype of the
 * plain object the adapter collects them into).
 */
function knownSearch(search: string, unknown: readonly string[]): string {
  if (!unknown.length) return search;
  const query = new URLSearchParams(search);
  for (const name of unknown) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : "";
}

function asJsonObject(body: unknown): object {
  body ??= {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("validation_error", "Request body must be a JSON object.", { details: [{ field: "body", message: "must be a JSON object" }] });
  }
  return body;
}

/**
 * Keeps the answer of a request that claimed an Idempotency-Key for its repeats, or gives the key back
 * when the failure was the server's (5xx), so a retry runs again. Never fails the response itself.
 */
async function settleIdempotencyKey(context: RequestContext, answer: JsonAnswer): Promise<void> {
  const claim = context.idempotency?.claim;
  if (!claim) return;
  try {
    if (answer.status >= 500) await releaseIdempotencyKey(context.db, claim.organizationId, claim.id);
    else await completeIdempotencyKey(context.db, claim.organizationId, claim.id, answer.status, answer.json);
  } catch (error) {
    // The claim stays running until it counts as abandoned; the response still goes out.
    getLogger().error({ err: error }, "idempotency key not settled");
  }
}

/** One /api/v1 request as the edge received it, whichever server it came through. */
export interface V1Request {
  method: string;
  /** The path and query as requested (`/api/v1/tasks?limit=5`). */
  pathname: string;
  search: string;
  headers: Headers;
  /** The listening origin and path (the context's origin is derived from it). */
  url: string;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The body's text, at most 1 MiB (a 413 beyond). */
  readBodyText: () => Promise<string>;
}

/** The answer: JSON, or for the events stream a body that stays open. */
export type V1Answer = JsonAnswer & { stream?: ReadableStream<Uint8Array> };

/** GET /api/v1/events/stream: admitted like every route (scope events:read), then a stream that stays open (HEAD: its headers only). */
async function answerEventStream(request: V1Request, context: RequestContext, resHeaders: Headers): Promise<V1Answer> {
  const { apiKey } = await admitApiRequest(context, ["events:read"]);
  resHeaders.set("content-type", "text/event-stream; charset=utf-8");
  resHeaders.set("cache-control", "no-store, no-transform");
  if (request.method === "HEAD") return { status: 200, headers: resHeaders, json: "" };
  const stream = await openEventStream({
    database: await getDatabase(),
    organizationId: apiKey.organizationId,
    apiKeyId: apiKey.id,
    lastEventId: request.headers.get("last-event-id"),
    signal: request.signal,
  });
  resHeaders.set("x-accel-buffering", "no");
  return { status: 200, headers: resHeaders, json: "", stream };
}

/** GET /api/v1/openapi.json: public (no key, no rate limit, no envelope), naming the origin the caller reached (APP_URL when set). */
function documentAnswer(request: V1Request, headers: Headers): JsonAnswer {
  const origin = expectedOrigin(request.headers, request.url) ?? new URL(request.url).origin;
  headers.set("content-type", "application/json");
  headers.set("cache-control", "public, max-age=300");
  return { status: 200, headers, json: openApiDocumentJson(origin) };
}

/** OPTIONS on a known path: what it allows, and nothing else (no CORS: keys do not belong in browsers). */
function optionsAnswer(allow: string, headers: Headers): JsonAnswer {
  headers.set("allow", allow);
  headers.set("cache-control", "no-store");
  return { status: 204, headers, json: "" };
}

/** The operation a request names, or the routing answer (404, 405 with `Allow`) thrown as its error. */
function operationOf(request: V1Request, headers: Headers): V1Operation | JsonAnswer {
  const route = routeV1Request(request.method, request.pathname);
  if (route.kind === "operation") return route.operation;
  if (route.kind === "options") return optionsAnswer(route.allow, headers);
  if (route.kind === "not_found") throw noSuchRoute();
  throw new AppError("method_not_allowed", `Method ${request.method} is not allowed on this path; it allows ${route.allow}.`, { headers: { allow: route.allow } });
}

function successAnswer(json: string, status: number, headers: Headers): JsonAnswer {
  headers.set("content-type", "application/json");
  headers.set("cache-control", "no-store");
  return { status, headers, json };
}

/** Answers one /api/v1 request from the routers; never throws (a failure is its envelope). */
export async function answerV1Request(request: V1Request): Promise<V1Answer> {
  const resHeaders = new Headers();
  try {
    const operation = operationOf(request, resHeaders);
    if (!("kind" in operation)) return operation;
    if (operation.kind === "document") return documentAnswer(request, resHeaders);
    const query = new URLSearchParams(request.search);
    // NUL cannot reach PostgreSQL.
    if (request.search) assertNoNulCharacters(Object.fromEntries(query), "query");
    const unknown = unknownQueryParameters(operation, query);
    const context = await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "api-key" });
    if (unknown.length) context.unknownQueryParameters = unknown;
    if (operation.kind === "events-stream") return await answerEventStream(request, context, resHeaders);
    let body: unknown;
    if (METHODS_WITH_BODY.has(request.method)) {
      // A request without a well-formed key gets its 401 before its body is read. A body that cannot
      // be read is refused after the key is checked (401 first); a readable one goes on to admission.
      const authorization = request.headers.get("authorization");
      bearerKeyHash(authorization);
      try {
        body = asJsonObject(parseJsonBodyText(await request.readBodyText()));
      } catch (error) {
        await findApiKey(context.db, authorization);
        throw error;
      }
    }
    const idempotencyKey = IDEMPOTENT_METHODS.has(request.method) ? request.headers.get("idempotency-key") : null;
    if (idempotencyKey !== null) context.idempotency = { request: idempotentRequest(idempotencyKey, request.method, request.pathname, body) };
    const exchange: Exchange = { context };
    const res = {
      statusCode: 200,
      setHeader() {},
      end(json: string) {
        exchange.status = res.statusCode;
        exchange.json = json;
      },
    };
    await handleOpenApiRequest(adapterRequest(request, knownSearch(request.search, unknown), body, exchange), res);
    const replay = (exchange.failure as { cause?: unknown } | undefined)?.cause;
    if (replay instanceof IdempotentReplay) {
      resHeaders.set("idempotent-replayed", "true");
      return successAnswer(replay.body, replay.status, resHeaders);
    }
    if (exchange.failure !== undefined || exchange.json === undefined) {
      const answer = errorAnswer(exchange.failure !== undefined ? fromAdapterError(exchange.failure) : noSuchRoute(), resHeaders);
      await settleIdempotencyKey(context, answer);
      return answer;
    }
    const answer = successAnswer(exchange.json, exchange.status ?? 200, resHeaders);
    await settleIdempotencyKey(context, answer);
    return answer;
  } catch (error) {
    return errorAnswer(fromAdapterError(error), resHeaders);
  }
}

/** The Next route's form (src/app/api/v1/[...path]/route.ts), for servers other than Orbit's own. */
export async function handleV1Request(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const answer = await answerV1Request({
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    headers: request.headers,
    url: request.url,
    signal: request.signal,
    readBodyText: () => readBodyText(request),
  });
  return new Response(answer.stream ?? (answer.status === 204 ? null : answer.json), { status: answer.status, headers: answer.headers });
}
