// The steps of every request at Orbit's server, in order, written once here (node-server.ts creates the
// server around this handler):
//   1. guard       request-guard.ts: a request line Next or the v1 edge would fail on is answered in the
//                  envelope (in its sender's lane, so a flood of them is paced); the client's address is settled
//   2. credential  credential.ts: the API key (parsed and hashed at most once) and the client's address
//   3. lane        lanes.ts: whose turn the request waits in (none for probes and the metrics scrape)
//   4. slot        load/admission.ts: a slot in that lane, or a 429/503 when its queue is full; held until the
//                  answer's headers are written
//   5. serve       /api/v1 by the v1 edge (v1-route.ts) on Node's own request and response, everything
//                  else by Next's handler; both with the credential carried in
//   6. observe     /api/v1: counted and logged (observe.ts), and an accepted or refused key noted for its
//                  lane; Next's routes observe themselves (observe.ts `observed`)
// The public API thus skips Next's routing, its request context and its Web-stream response piping,
// which cost more than the API's own work.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { getEnv } from "@/env";
import { admissionRefusal, serverAdmission, type Admission, type AdmissionSlot } from "@/server/load/admission";
import { readNodeBodyText } from "@/server/http/body";
import { carryingCredential, readCredential, type RequestCredential } from "@/server/http/credential";
import { addressLaneOf, laneOf, laneTermsOf, noteApiKeyOutcome } from "@/server/http/lanes";
import { observeAnswer } from "@/server/http/observe";
import { guardAnswer, refuseRequest, settleClientAddress } from "@/server/http/request-guard";
import { MapHeaders } from "@/server/http/map-headers";
import { isV1Path } from "@/server/http/v1-operations";
import { answerV1Request, type V1Answer } from "@/server/http/v1-route";
import { getLogger } from "@/server/operations/logger";
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

/** Every request at Orbit's server, step by step (see the top of this file). */
export function createRequestHandler(options: RequestHandlerOptions): NodeHandler {
  const admission = options.admission ?? serverAdmission();
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // 1. guard
    settleClientAddress(request, getEnv().trustProxy);
    const guarded = guardAnswer(request.method ?? "", request.url ?? "/");
    // 2. credential
    const credential = readCredential(request);
    if (guarded) return inSlot(admission, request, response, addressLaneOf(request, credential), () => guarded(request, response));
    // Dot segments and backslashes resolved as Next resolves them, so both agree on which path this is.
    const url = new URL(request.url ?? "/", options.listeningOrigin);
    // 3. lane
    const lane = await laneOf(request, url.pathname, credential);
    // 4. slot, then 5. serve (and 6. observe)
    const serve = isServedHere(url.pathname)
      ? () => serveV1(request, response, url, options.listeningOrigin, credential)
      : (slot?: AdmissionSlot) => serveThroughNext(options.next, request, response, credential, slot);
    return inSlot(admission, request, response, lane, serve);
  };
  return (request, response) =>
    handle(request, response).catch((error: unknown) => {
      // answerV1Request answers every failure itself (and Next its own); this is a failure to write the answer.
      getLogger().error({ err: error }, "response not written");
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end();
    });
}

/**
 * Step 4: runs `serve` once the request holds a slot in its lane (at once for a path outside the lanes), or
 * refuses it in the envelope when its client's queue is full (429), or the anonymous pool's or every
 * queue place is (503). The slot is held until the response's headers are written, so a stream
 * (events, an export) holds none for its lifetime, or until the client goes away, waiting or not.
 */
async function inSlot(
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
    return refuseRequest(request, response, admissionRefusal(slot));
  }
  response.once("close", slot.release);
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    slot.release();
    return writeHead.apply(response, args);
  }) as typeof response.writeHead;
  if (!slot.isAdmitted) await slot.admitted;
  // Not admitted: the client went away while the request waited.
  if (slot.isAdmitted) await serve(slot);
}

/** Step 5 for /api/v1: the v1 edge's answer, observed (step 6) and written. */
async function serveV1(request: IncomingMessage, response: ServerResponse, requestUrl: URL, listeningOrigin: string, credential: RequestCredential): Promise<void> {
  const started = performance.now();
  const method = request.method ?? "GET";
  const headers = MapHeaders.fromNode(request.headers);
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
    // Read by the events stream only: other requests never make the signal object.
    get signal() {
      return aborted.signal;
    },
    readBodyText: () => readNodeBodyText(request),
    credential,
  });
  observeAnswer({ method, pathname, headers, url, status: answer.status, started }, answer.headers);
  const key = credential.presentedKey;
  if (key.kind === "key") noteApiKeyOutcome(key.hash, answer.status);
  writeAnswer(response, answer);
}

/**
 * Step 5 for everything else: Next's part of a request, able to give its slot back early (a password
 * hash's wait, load/request-slot.ts); /api/v1 hashes no password and runs without it.
 */
function serveThroughNext(next: NodeHandler, request: IncomingMessage, response: ServerResponse, credential: RequestCredential, slot?: AdmissionSlot) {
  const serve = () => carryingCredential(credential, () => next(request, response));
  return slot ? holdingRequestSlot(slot, serve) : serve();
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
  // A 204 (OPTIONS) has no body and so no Content-Length (RFC 9110 section 8.6). A body is encoded
  // once: given the text, Node would join it to the header block into one more string and then
  // encode that (a page of time logs is about 30 KB).
  const body = answer.status === 204 ? undefined : Buffer.from(answer.json);
  if (body) headers["content-length"] = String(body.length);
  response.writeHead(answer.status, headers);
  response.end(body);
}
