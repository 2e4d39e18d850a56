// The first step of every request at Orbit's server (node-server.ts), before /api/v1 or Next.
// Requests Next cannot represent would fail inside Next before any of our code runs, with a text 500:
// a method the Fetch standard forbids (TRACE, TRACK: `new Request` throws) and a path with an escape
// that does not decode (`/api/app/me%`). They are answered here in the error envelope: 405 with
// `Allow` for a method outside HTTP's usual set, 400 for such a path (in the sender's lane of
// admission, so a flood of them is paced). It also settles the client's
// address (client-address.ts), where Next would keep a client's own X-Forwarded-For.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { AppError } from "@/server/errors";
import { errorEnvelope } from "@/server/lib/envelope";
import { REQUEST_ID_HEADER } from "@/server/http/request-id";
import { isApiPath, routingError } from "@/server/http/route-table";

const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The refusal for a request line Next would fail on, or undefined when Next can serve it. */
export function malformedRequestError(method: string, rawUrl: string): AppError | undefined {
  const pathname = rawUrl.split(/[?#]/, 1)[0] ?? "";
  if (!SERVED_METHODS.has(method.toUpperCase())) {
    const allow = (isApiPath(pathname) && routingError(method, pathname)?.allow) || [...SERVED_METHODS].join(", ");
    return new AppError("method_not_allowed", `Method ${method} is not allowed on this route.`, { headers: { allow } });
  }
  if (!isDecodable(pathname)) {
    return new AppError("validation_error", "The request path has an invalid %-escape.", { details: [{ field: "path", message: "invalid percent-encoding" }] });
  }
  return undefined;
}

/** Answers `error` in the envelope before anything else reads the request (its body is dropped, unread). */
export function refuseRequest(request: http.IncomingMessage, response: http.ServerResponse, error: AppError): void {
  const body = JSON.stringify(errorEnvelope(error));
  response.writeHead(error.status, {
    ...error.headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    [REQUEST_ID_HEADER]: randomUUID(),
  });
  response.end(request.method === "HEAD" ? undefined : body);
  // The request's body (if any) is not read: drop it with the connection rather than parse it.
  request.resume();
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
