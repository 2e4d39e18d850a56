// Orbit's own HTTP server and its request handler (started by src/server.ts): every request passes the
// request guard (odd request lines answered in the envelope, the client's address settled) and fair
// admission (admission.ts: a slot in its sender's lane, lanes.ts), then /api/v1/* is answered here
// by the v1 edge on Node's own request and response, and every other request goes to Next's
// handler. The public API thus skips Next's routing, its request context and its Web-stream response
// piping, which cost more than the API's own work.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { getEnv } from "@/env";
import { rateLimited, serviceUnavailable } from "@/server/errors";
import { serverAdmission, type Admission, type AdmissionSlot } from "@/server/load/admission";
import { readNodeBodyText } from "@/server/http/body";
import { addressLaneOf, bearerKeyHashOf, laneOf, laneTermsOf, noteApiKeyOutcome } from "@/server/http/lanes";
import { observeAnswer } from "@/server/http/observe";
import { answerUnparsedRequests, guardAnswer, refuseRequest, settleClientAddress } from "@/server/http/request-guard";
import { isV1Path } from "@/server/http/v1-operations";
import { answerV1Request, type V1Answer } from "@/server/http/v1-route";
import { getLogger } from "@/server/operations/logger";
import { recordRateLimitRejection } from "@/server/operations/metrics";
import { holdingRequestSlot } from "@/server/load/request-slot";

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface RequestHandlerOptions {
  /** Next's request handler (`app.getRequestHandler()`), for everything but /api/v1. */
  next: NodeHandler;
  /** The origin the server listens on (`http://localhost:3000`): the requests' URL, as Next gives it. */
  listeningOrigin: string;
  /** The lanes' admission; the process's own (serverAdmission) unless given. */
  admission?: Admission;
}

/** Paths answered by the v1 edge here (its document included), never by Next. */
export const isServedHere = isV1Path;

/** Node's header object as Fetch headers, for the procedures (repeated headers joined as Node joins them). */
function fetchHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

function writeAnswer(response: ServerResponse, answer: V1Answer): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of answer.headers) headers[name] = value;
  if (answer.stream) {
    response.writeHead(answer.status, headers);
    response.flushHeaders();
    Readable.fromWeb(answer.stream as import("node:stream/web").ReadableStream<Uint8Array>).pipe(response);
    return;
  }
  // A 204 (OPTIONS) has no body and so no Content-Length (RFC 9110 section 8.6).
  if (answer.status !== 204) headers["content-length"] = String(Buffer.byteLength(answer.json));
  response.writeHead(answer.status, headers);
  response.end(answer.json);
}

async function serveV1(request: IncomingMessage, response: ServerResponse, requestUrl: URL, listeningOrigin: string): Promise<void> {
  const started = performance.now();
  const method = request.method ?? "GET";
  const headers = fetchHeaders(request);
  const { pathname, search } = requestUrl;
  const url = `${listeningOrigin}${pathname}${search}`;
  const aborted = new AbortController();
  // Only a client gone before its answer was written aborts (an abort costs an exception object).
  response.once("close", () => {
    if (!response.writableFinished) aborted.abort();
  });
  const answer = await answerV1Request({
    method,
    pathname,
    search,
    headers,
    url,
    signal: aborted.signal,
    readBodyText: () => readNodeBodyText(request),
  });
  observeAnswer({ method, pathname, headers, url, status: answer.status, started }, answer.headers);
  const keyHash = bearerKeyHashOf(request.headers.authorization);
  if (keyHash) noteApiKeyOutcome(keyHash, answer.status);
  writeAnswer(response, answer);
}

/**
 * Runs `serve` once the request holds a slot in its lane (at once for a path outside the lanes), or
 * refuses it in the envelope when its client's queue is full (429), or the anonymous pool's or every
 * queue place is (503). The slot is held until the response's headers are written, so a stream
 * (events, an export) holds none for its lifetime, or until the client goes away, waiting or not.
 */
async function serveAdmitted(
  admission: Admission,
  request: IncomingMessage,
  response: ServerResponse,
  lane: string | undefined,
  serve: (slot?: AdmissionSlot) => void | Promise<void>,
): Promise<void> {
  if (lane === undefined) return serve();
  // Gone while its session was read: nothing to queue.
  if (request.socket.destroyed) return;
  const slot = admission.enter(lane, laneTermsOf(lane));
  if (typeof slot === "string") {
    const isLaneFull = slot === "lane_full";
    recordRateLimitRejection(isLaneFull ? "client_queue" : slot === "pool_full" ? "anonymous_queue" : "server_queue");
    const error = isLaneFull
      ? rateLimited(1, "Too many of your requests are waiting for this server; retry after Retry-After seconds.")
      : serviceUnavailable(1, "The server has too many requests waiting; retry after Retry-After seconds.");
    return refuseRequest(request, response, error);
  }
  response.once("close", slot.release);
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    slot.release();
    return writeHead.apply(response, args);
  }) as typeof response.writeHead;
  await slot.admitted;
  // Not admitted: the client went away while the request waited.
  if (slot.isAdmitted) await serve(slot);
}

/**
 * Next's part of a request, able to give its slot back early (a password hash's wait,
 * operations/request-slot.ts); /api/v1 hashes no password and runs without it.
 */
const serveThroughNext = (next: NodeHandler, request: IncomingMessage, response: ServerResponse) => (slot?: AdmissionSlot) =>
  slot ? holdingRequestSlot(slot, () => next(request, response)) : next(request, response);

export function createRequestHandler(options: RequestHandlerOptions): NodeHandler {
  const admission = options.admission ?? serverAdmission();
  const admitAndServe = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    settleClientAddress(request, getEnv().trustProxy);
    // Answered in its sender's lane, so a flood of them is paced like any anonymous one.
    const guarded = guardAnswer(request.method ?? "", request.url ?? "/");
    if (guarded) return serveAdmitted(admission, request, response, addressLaneOf(request), () => guarded(request, response));
    // Dot segments and backslashes resolved as Next resolves them, so both agree on which path this is.
    const url = new URL(request.url ?? "/", options.listeningOrigin);
    const serve = isServedHere(url.pathname) ? () => serveV1(request, response, url, options.listeningOrigin) : serveThroughNext(options.next, request, response);
    return serveAdmitted(admission, request, response, await laneOf(request, url.pathname), serve);
  };
  return (request, response) =>
    admitAndServe(request, response).catch((error: unknown) => {
      // answerV1Request answers every failure itself (and Next its own); this is a failure to write the answer.
      getLogger().error({ err: error }, "response not written");
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end();
    });
}

/** Orbit's HTTP server: the request handler, and the answers to what never becomes a request (request-guard.ts). */
export function createOrbitServer(options: RequestHandlerOptions): http.Server {
  const server = http.createServer(createRequestHandler(options));
  answerUnparsedRequests(server);
  return server;
}
