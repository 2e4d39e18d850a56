// One delivery attempt (contract section 6.3): POST the stored body with the contract's headers,
// signed at this attempt, to an address checked just before connecting. It never throws: every
// failure becomes an outcome for the state machine.
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { systemClock, type Clock } from "@/server/webhooks/clock";
import { ed25519SignatureEntry } from "@/server/webhooks/ed25519";
import { signatureHeader, standardSignatureHeader } from "@/server/webhooks/sign";
import { isSuccessStatus, type AttemptOutcome } from "@/server/webhooks/state";
import { resolveDeliverableAddresses, type ResolvedAddress } from "@/server/webhooks/url-guard";

/** Per-attempt limit covering DNS, connect, TLS and the response status (contract section 8). */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000;
/** lastError keeps at most this many bytes of UTF-8 (contract section 8). */
export const MAX_ERROR_BYTES = 1024;
export const USER_AGENT = "Orbit-Webhooks/1.0";

export interface DeliveryRequest {
  deliveryId: string;
  eventId: string;
  eventType: string;
  url: string;
  secret: string;
  /** During a rotation's overlap, the secret it replaced: attempts carry both signatures. */
  previousSecret?: string | null;
  /** An ed25519 endpoint's sealed private key: attempts also carry a `v1a` signature. */
  sealedPrivateKey?: string | null;
  /** The event body exactly as stored at enqueue time. */
  payload: string;
}

export interface SendOptions {
  timeoutMs?: number;
  /** Lets `http://localhost` and `http://127.0.0.1` through; true only in the development runtime. */
  allowLoopbackHttp: boolean;
  /** The attempt's start, signature time and Retry-After base; the system clock unless given. */
  clock?: Clock;
}

/** A Retry-After is honoured at most this far ahead (app-api section 8). */
export const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/**
 * The instant a 429 or 503 asks us to wait for (`Retry-After` as delta-seconds or an HTTP date), capped
 * at one hour after `now`; null for other statuses, a missing or unreadable header, or a past date.
 */
export function retryNotBefore(statusCode: number, header: string | string[] | undefined, now: Date): Date | null {
  if ((statusCode !== 429 && statusCode !== 503) || typeof header !== "string") return null;
  const value = header.trim();
  const targetMs = /^\d+$/.test(value) ? now.getTime() + Number(value) * 1000 : Date.parse(value);
  if (!Number.isFinite(targetMs) || targetMs <= now.getTime()) return null;
  return new Date(Math.min(targetMs, now.getTime() + MAX_RETRY_AFTER_MS));
}

/** At most `maxBytes` of UTF-8, cut on a character boundary; NUL removed (PostgreSQL text cannot hold it). */
export function truncateUtf8(text: string, maxBytes = MAX_ERROR_BYTES): string {
  const clean = text.replaceAll("\u0000", "");
  const bytes = Buffer.from(clean, "utf8");
  if (bytes.length <= maxBytes) return clean;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString("utf8");
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** Connects only to the addresses checked before the request: a second DNS answer can never be used. */
function pinnedLookup(targets: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = targets;
    if (options.all) callback(null, targets.map((target): LookupAddress => ({ address: target.address, family: target.family })));
    else callback(null, first!.address, first!.family);
  };
}


/** Idle connections are closed after this, before a receiver's own keep-alive timeout (Node's is 5 s) can race a reuse. */
const IDLE_SOCKET_MS = 4_000;
/** How long a 2xx's body is waited for, to log it; the attempt's outcome does not depend on it. */
const SUCCESS_BODY_GRACE_MS = 50;
/** A response body is read to its end (so its connection can be reused) only up to this size and time. */
const MAX_DRAIN_BYTES = 64 * 1024;
const MAX_DRAIN_MS = 1_000;

// Connections are kept alive and reused across attempts to the same host and port, as any HTTP client
// does: a TCP (and TLS) handshake per attempt would cost more than the attempt. A new connection only
// ever goes to the addresses checked for its attempt (pinnedLookup), and an address is checked at
// every attempt before a request is made, so a reused connection is one to an address that passed.
const agents = {
  "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

/** Reads the rest of a response so its connection returns to the pool; a large or slow body closes the connection instead. */
function drainRest(response: http.IncomingMessage, alreadyRead: number): void {
  let size = alreadyRead;
  const timer = setTimeout(() => response.destroy(), MAX_DRAIN_MS);
  timer.unref?.();
  response.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_DRAIN_BYTES) response.destroy();
  });
  response.on("close", () => clearTimeout(timer));
  response.on("error", () => clearTimeout(timer));
  response.resume();
}

class StaleConnectionError extends Error {
  constructor(cause: Error) {
    super(cause.message, { cause });
  }
}

/** POSTs once more on a fresh connection when a reused one turned out to be closed already. */
async function postOnce(url: URL, targets: ResolvedAddress[], body: Buffer, headers: Record<string, string>, signal: AbortSignal) {
  try {
    return await post(url, targets, body, headers, signal);
  } catch (error) {
    if (!(error instanceof StaleConnectionError)) throw error;
    return post(url, targets, body, headers, signal);
  }
}

/** The attempt log keeps at most this many headers of an answer, each value cut at MAX_HEADER_VALUE. */
const MAX_LOGGED_HEADERS = 50;
const MAX_HEADER_VALUE = 256;

function loggedHeaders(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < rawHeaders.length && pairs.length < MAX_LOGGED_HEADERS; index += 2) {
    pairs.push([rawHeaders[index]!.toLowerCase(), rawHeaders[index + 1]!.slice(0, MAX_HEADER_VALUE)]);
  }
  return pairs;
}

function post(url: URL, targets: ResolvedAddress[], body: Buffer, headers: Record<string, string>, signal: AbortSignal) {
  return new Promise<{ statusCode: number; snippet: string; retryAfter: string | undefined; responseHeaders: [string, string][] }>((resolve, reject) => {
    const isHttps = url.protocol === "https:";
    const request = (isHttps ? https : http).request(
      {
        method: "POST",
        // Host header and TLS SNI stay the endpoint's hostname; only the socket goes to the checked address.
        hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers,
        lookup: pinnedLookup(targets),
        agent: agents[isHttps ? "https:" : "http:"],
        signal,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        let isSettled = false;
        let grace: NodeJS.Timeout | undefined;
        const finish = () => {
          if (isSettled) return;
          isSettled = true;
          clearTimeout(grace);
          const retryAfter = response.headers["retry-after"];
          resolve({ statusCode, snippet: truncateUtf8(Buffer.concat(chunks).toString("utf8")), retryAfter, responseHeaders: loggedHeaders(response.rawHeaders) });
        };
        // The body is kept up to 1 KB (lastError, the attempt log); the rest is drained in the
        // background, never waited for.
        const stopReading = () => {
          response.off("data", onData);
          finish();
          drainRest(response, size);
        };
        const onData = (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_ERROR_BYTES) stopReading();
        };
        response.on("data", onData);
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", finish);
        // A 2xx decides the outcome by itself: its body is logged if it comes promptly, never awaited.
        if (isSuccessStatus(statusCode)) grace = setTimeout(() => !isSettled && stopReading(), SUCCESS_BODY_GRACE_MS);
      },
    );
    // A kept-alive connection the receiver closed just before it was reused fails at once with
    // ECONNRESET: no request reached the receiver, so the caller retries once on a new connection.
    request.on("error", (error: NodeJS.ErrnoException) => reject(request.reusedSocket && error.code === "ECONNRESET" ? new StaleConnectionError(error) : error));
    request.end(body);
  });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The request headers of an attempt (contract 6.3); the console shows them with the signature described. */
export function deliveryHeaders(
  delivery: Pick<DeliveryRequest, "deliveryId" | "eventId" | "eventType">,
  body: Buffer,
  signing: { timestamp: string; signature: string; standardSignature: string },
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "Content-Length": String(body.length),
    "User-Agent": USER_AGENT,
    "X-Service-Signature": signing.signature,
    "X-Service-Event-Type": delivery.eventType,
    "X-Service-Event-Id": delivery.eventId,
    "X-Service-Delivery-Id": delivery.deliveryId,
    "webhook-id": delivery.eventId,
    "webhook-timestamp": signing.timestamp,
    "webhook-signature": signing.standardSignature,
  };
}

/** Makes one attempt. Redirects are not followed: a 3xx is returned as a failed attempt. */
export async function sendDelivery(delivery: DeliveryRequest, options: SendOptions): Promise<AttemptOutcome> {
  const clock = options.clock ?? systemClock;
  const attemptedAt = clock.now();
  const startedAt = performance.now();
  const durationMs = () => Math.round(performance.now() - startedAt);
  const timeoutMs = options.timeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  const controller = new AbortController();
  const timeoutError = new Error(`timeout: no response within ${timeoutMs} ms`);
  const timer = setTimeout(() => controller.abort(timeoutError), timeoutMs);
  // Null until the request is built (a refused destination is never sent).
  let requestHeaders: [string, string][] | null = null;
  try {
    const url = new URL(delivery.url);
    // A refused destination (url-guard) throws, and becomes a failed attempt below like any network error.
    const targets = await abortable(resolveDeliverableAddresses(url, { allowLoopbackHttp: options.allowLoopbackHttp }), controller.signal);
    const body = Buffer.from(delivery.payload, "utf8");
    const secrets = delivery.previousSecret ? [delivery.secret, delivery.previousSecret] : [delivery.secret];
    // One `t` for both schemes, so the contract's and the Standard Webhooks signatures name the same instant.
    const timestampSeconds = Math.floor(clock.now().getTime() / 1000);
    const headers = deliveryHeaders(delivery, body, {
      timestamp: String(timestampSeconds),
      signature: signatureHeader(secrets, body, timestampSeconds),
      standardSignature: [
        standardSignatureHeader(secrets, delivery.eventId, body, timestampSeconds),
        ...(delivery.sealedPrivateKey ? [await ed25519SignatureEntry(delivery.sealedPrivateKey, delivery.eventId, body, timestampSeconds)] : []),
      ].join(" "),
    });
    requestHeaders = Object.entries(headers);
    const { statusCode, snippet, retryAfter, responseHeaders } = await postOnce(url, targets, body, headers, controller.signal);
    const responseBody = snippet || null;
    if (isSuccessStatus(statusCode)) return { statusCode, error: null, attemptedAt, durationMs: durationMs(), responseBody, failure: null, requestHeaders, responseHeaders };
    const isRedirect = statusCode >= 300 && statusCode < 400;
    const fallback = isRedirect ? `HTTP ${statusCode}: redirects are not followed` : `HTTP ${statusCode}`;
    return {
      statusCode,
      error: snippet || fallback,
      attemptedAt,
      durationMs: durationMs(),
      responseBody,
      failure: isRedirect ? "redirects are not followed" : null,
      retryNotBefore: retryNotBefore(statusCode, retryAfter, clock.now()),
      requestHeaders,
      responseHeaders,
    };
  } catch (error) {
    const reason = controller.signal.aborted ? timeoutError : error;
    const message = truncateUtf8(describeError(reason));
    return { statusCode: null, error: message, attemptedAt, durationMs: durationMs(), responseBody: null, failure: message, requestHeaders, responseHeaders: null };
  } finally {
    clearTimeout(timer);
  }
}
