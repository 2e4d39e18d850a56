// Edge for the public API: every /api/v1 path is answered here, its steps in the order
// `answerV1Request` takes them. The operation table (v1-operations.ts) decides an unknown path (404), a
// method a path does not serve (405 with `Allow`) and OPTIONS (204 with `Allow`, no CORS); the document
// is answered here and the events stream by v1-events.ts; every other operation is a procedure called
// through trpc-to-openapi (v1-adapter.ts) with the body we already read and checked, its serialized
// result sent as it is. What the adapter does by default that the contract forbids is corrected here,
// in one place: its error and 404 bodies (replaced by our envelope), its body parsing (we enforce 1 MiB,
// JSON objects only) and its silence about query parameters it does not know. What is wrong with the
// request itself (a NUL in the query, a parameter the operation does not take, a body that cannot be
// read) is answered once the request is admitted, in the contract's order: 401, 402, 403, 429, then
// the 400 or 413, counted like any other. The success status (201 for creates) comes from the
// procedure's meta.
import { presentedKeyHash } from "@/server/api/middleware/api-key";
import { openApiDocumentJson } from "@/server/api/openapi";
import type { RequestContext } from "@/server/api/trpc";
import { AppError, invalidFields } from "@/server/errors";
import { assertNoNulCharacters, parseJsonBodyText, readBodyText } from "@/server/http/body";
import type { RequestCredential } from "@/server/http/credential";
import { MapHeaders } from "@/server/http/map-headers";
import { expectedOrigin } from "@/server/http/origin";
import { createRequestContext } from "@/server/http/request-context";
import { errorAnswer, type JsonAnswer } from "@/server/http/responses";
import { callProcedure, fromAdapterError, noSuchRoute, procedureInputFaults } from "@/server/http/v1-adapter";
import { answerEventStream } from "@/server/http/v1-events";
import { noteIdempotencyKey, settleIdempotencyKey } from "@/server/http/v1-idempotency";
import { routeV1Request, unknownQueryParameters, type V1Operation } from "@/server/http/v1-operations";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);
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
  /** The credential as Orbit's server read it at the socket; read from `headers` when absent (Next's route). */
  credential?: RequestCredential;
}

/** The answer: JSON, or for the events stream a body that stays open. */
export type V1Answer = JsonAnswer & { stream?: ReadableStream<Uint8Array> };

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

/** The 400 (or 413) a check of the request finds, to be answered once the request is admitted. */
function refusalOf(check: () => unknown): AppError | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

const unknownParameterFaults = (unknown: readonly string[]) => unknown.map((name) => ({ field: name, message: "is not a query parameter of this operation" }));

/**
 * The body of a method that has one, as a JSON object, or the refusal of a body that cannot be read. A
 * request without a well-formed key gets its 401 before its body is read.
 */
async function readJsonBody(request: V1Request, context: RequestContext): Promise<{ body?: object; refusal?: AppError }> {
  if (!METHODS_WITH_BODY.has(request.method)) return {};
  presentedKeyHash(context.presentedKey);
  try {
    return { body: asJsonObject(parseJsonBodyText(await request.readBodyText())) };
  } catch (error) {
    if (error instanceof AppError) return { refusal: error };
    throw error;
  }
}

/**
 * Answers one /api/v1 request from the routers; never throws (a failure is its envelope). The steps, in
 * order: the operation (404, 405, OPTIONS, the document) → the query (NUL, unknown parameters) → the
 * context (the credential as carried) → the events stream, or the body → the Idempotency-Key → the
 * procedure (admission 401-429, a repeat's stored answer, the handler) → the key's answer kept.
 */
export async function answerV1Request(request: V1Request): Promise<V1Answer> {
  const resHeaders = new MapHeaders();
  try {
    const operation = operationOf(request, resHeaders);
    if (!("kind" in operation)) return operation;
    if (operation.kind === "document") return documentAnswer(request, resHeaders);
    const query = request.search ? new URLSearchParams(request.search) : undefined;
    const unknown = query ? unknownQueryParameters(operation, query) : [];
    const nulInQuery = query && refusalOf(() => assertNoNulCharacters(Object.fromEntries(query), "query"));
    const context = await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "api-key", carried: request.credential });
    if (operation.kind === "events-stream") {
      context.requestRefusal = nulInQuery ?? (unknown.length ? invalidFields(unknownParameterFaults(unknown)) : undefined);
      return await answerEventStream(request, context, resHeaders);
    }
    const { body, refusal: bodyRefusal } = await readJsonBody(request, context);
    const call = { method: request.method, pathname: request.pathname, search: knownSearch(request.search, unknown), body };
    // Unknown parameters are refused with every other invalid field of the request, in one 400.
    const unknownRefusal = unknown.length ? invalidFields([...(bodyRefusal ? [] : await procedureInputFaults(call)), ...unknownParameterFaults(unknown)]) : undefined;
    context.requestRefusal = nulInQuery ?? unknownRefusal ?? bodyRefusal;
    if (!context.requestRefusal) noteIdempotencyKey(context, request, body);
    const outcome = await callProcedure({ ...call, context });
    const replay = context.idempotency?.replay;
    if (replay) {
      resHeaders.set("idempotent-replayed", "true");
      return successAnswer(replay.body, replay.status, resHeaders);
    }
    const answer = outcome.ok ? successAnswer(outcome.json, outcome.status, resHeaders) : errorAnswer(outcome.error, resHeaders);
    const claim = context.idempotency?.claim;
    if (claim) await settleIdempotencyKey(context, claim, answer);
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
