// The first step of every request at Orbit's server (pipeline.ts), before /api/v1 or Next: every
// request line gets an answer in the error envelope, never a 500 from deeper down.
//   - A request target that is not a path (origin-form): `*` (asterisk-form) is the server's own
//     OPTIONS (204 with the methods it serves) and a 400 with any other method; absolute-form
//     (`GET http://host/path`, which proxies are sent) and anything else is a 400: Orbit is reached by
//     path, and a host taken from the target would bypass the origin rule (origin.ts).
//   - A method Next cannot represent (TRACE, TRACK: `new Request` throws) on a path Next serves: 405
//     with `Allow` (the v1 edge decides its own paths' methods).
//   - A path with an escape that does not decode (`/api/app/me%`): 400.
//   - What never becomes a request (`answerUnparsedRequests`): a line or headers Node's parser
//     refuses (an empty or overlong target, a lower-case method, a space in the path, headers over
//     16 KiB) and CONNECT (authority-form): a 400 written on the socket, which is then closed.
// Refusals of requests are answered in the sender's lane of admission, so a flood of them is paced.
// It also settles the client's address (client-address.ts), where Next would keep a client's own
// X-Forwarded-For.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Duplex } from "node:stream";
import { AppError } from "@/server/errors";
import { errorEnvelope } from "@/server/lib/envelope";
import { REQUEST_ID_HEADER } from "@/server/http/request-id";
import { allowOfPath, isApiPath, methodNotAllowed } from "@/server/http/route-table";
import { isV1Path } from "@/server/http/v1-operations";

const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const SERVED_METHOD_SET = new Set(SERVED_METHODS);
/** `Allow` of `OPTIONS *`: every method the server answers somewhere. */
export const SERVER_ALLOW = SERVED_METHODS.join(", ");

const badTarget = (message: string) => new AppError("validation_error", message, { details: [{ field: "target", message }] });

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The refusal for a request line Next (or the v1 edge) would fail on, or undefined when it can be served (`OPTIONS *` is answered by `guardAnswer`). */
export function malformedRequestError(method: string, rawUrl: string): AppError | undefined {
  if (rawUrl === "*") return method === "OPTIONS" ? undefined : badTarget(`The request target * (asterisk-form) is only for OPTIONS, not ${method}.`);
  if (!rawUrl.startsWith("/")) return badTarget("The request target must be a path starting with / (origin-form); absolute-form and authority-form targets are for proxies.");
  const pathname = rawUrl.split(/[?#]/, 1)[0] ?? "";
  if (!SERVED_METHOD_SET.has(method.toUpperCase()) && !isV1Path(pathname)) {
    return methodNotAllowed(method, (isApiPath(pathname) && allowOfPath(pathname)) || SERVER_ALLOW);
  }
  if (!isDecodable(pathname)) {
    return new AppError("validation_error", "The request path has an invalid %-escape.", { details: [{ field: "path", message: "invalid percent-encoding" }] });
  }
  return undefined;
}

function refusalHeaders(error: AppError, body: string): Record<string, string> {
  return {
    ...error.headers,
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    [REQUEST_ID_HEADER]: randomUUID(),
  };
}

/** Answers `error` in the envelope before anything else reads the request (its body is dropped, unread). */
export function refuseRequest(request: http.IncomingMessage, response: http.ServerResponse, error: AppError): void {
  const body = JSON.stringify(errorEnvelope(error));
  response.writeHead(error.status, refusalHeaders(error, body));
  response.end(request.method === "HEAD" ? undefined : body);
  // The request's body (if any) is not read: drop it with the connection rather than parse it.
  request.resume();
}

/** Answers `OPTIONS *` with 204 and the methods the server serves. */
function answerServerOptions(request: http.IncomingMessage, response: http.ServerResponse): void {
  response.writeHead(204, { allow: SERVER_ALLOW, "cache-control": "no-store", [REQUEST_ID_HEADER]: randomUUID() });
  response.end();
  request.resume();
}

/** The guard's own answer to a request line (`OPTIONS *`, or a refusal), or undefined to pass it on. */
export function guardAnswer(method: string, rawUrl: string): ((request: http.IncomingMessage, response: http.ServerResponse) => void) | undefined {
  if (method === "OPTIONS" && rawUrl === "*") return answerServerOptions;
  const error = malformedRequestError(method, rawUrl);
  return error && ((request, response) => refuseRequest(request, response, error));
}

/** Writes `error` in the envelope straight onto a socket that carries no parsed request, and closes it. */
function refuseOnSocket(socket: Duplex, error: AppError): void {
  const body = JSON.stringify(errorEnvelope(error));
  const headers = Object.entries({ ...refusalHeaders(error, body), connection: "close" }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${error.status} ${http.STATUS_CODES[error.status]}\r\n${headers.join("")}\r\n${body}`);
}

/** What the parser refused, in words; the details never echo the bytes sent. */
function parseErrorMessage(code: string | undefined): string {
  if (code === "HPE_HEADER_OVERFLOW") return "The request line and headers are too long (16 KiB at most).";
  if (code === "HPE_INVALID_METHOD") return "The request method is not a valid HTTP method (methods are upper case).";
  if (code === "HPE_INVALID_URL") return "The request target is not a valid path.";
  return "The request is not valid HTTP/1.1.";
}

/**
 * Answers what never becomes a request event: a request Node's parser refuses (Node would answer a bare
 * 400 or 431) and CONNECT (Node would drop the connection unanswered). A request timeout is answered
 * as Node answers it (408, no body: no request arrived to answer in the envelope).
 */
export function answerUnparsedRequests(server: http.Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) => {
    // Nothing can be written to a connection that is gone or already carries a response.
    if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) return void socket.destroy();
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return void socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    const message = parseErrorMessage(error.code);
    refuseOnSocket(socket, new AppError("validation_error", message, { details: [{ field: "request", message }] }));
  });
  server.on("connect", (_request: http.IncomingMessage, socket: Duplex) => {
    refuseOnSocket(socket, badTarget("CONNECT and its authority-form target are for proxies; this server is not one."));
  });
}

/**
 * X-Forwarded-For as the routes read it: without a trusted proxy, the socket's address and nothing a
 * client sent; behind one, the proxy's header as it came (the socket's address when there is none).
 */
export function settleClientAddress(request: http.IncomingMessage, trustProxy: boolean): void {
  if (trustProxy && request.headers["x-forwarded-for"]) return;
  const address = request.socket.remoteAddress;
  if (address) request.headers["x-forwarded-for"] = address;
  else delete request.headers["x-forwarded-for"];
}
