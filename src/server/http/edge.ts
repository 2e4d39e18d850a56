// What happens to every request before its route runs (Next's proxy, src/proxy.ts): the request id,
// the security headers, and the envelope 404/405 for in-app and cron paths Next would answer itself.
import { AppError } from "@/server/errors";
import { errorEnvelope } from "@/server/lib/envelope";
import { REQUEST_ID_HEADER, requestIdOf } from "@/server/http/request-id";
import { routingError } from "@/server/http/route-table";
import { applySecurityHeaders } from "@/server/http/security-headers";

/** Set by the edge on page requests: the path and query the visitor asked for. */
export const PAGE_PATH_HEADER = "x-orbit-page-path";

export interface EdgeDecision {
  /** Answer with this instead of running the route. */
  response?: Response;
  /** Request headers the route sees (with the request id). */
  requestHeaders: Headers;
  /** Headers to add to the route's response. */
  responseHeaders: Headers;
}

export function decideAtEdge(request: Request): EdgeDecision {
  const requestId = requestIdOf(request.headers);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  const url = new URL(request.url);
  // Pages learn their own path from it (a signed-out visitor is sent to log in and back, server-side).
  if (!url.pathname.startsWith("/api/")) requestHeaders.set(PAGE_PATH_HEADER, url.pathname + url.search);
  else requestHeaders.delete(PAGE_PATH_HEADER);
  const responseHeaders = new Headers({ [REQUEST_ID_HEADER]: requestId });
  applySecurityHeaders(responseHeaders, request.headers, request.url);

  const failure = routingError(request.method, url.pathname);
  if (!failure) return { requestHeaders, responseHeaders };
  const error =
    failure.code === "not_found"
      ? new AppError("not_found", "No such route.")
      : new AppError("method_not_allowed", `Method ${request.method} is not allowed on this route.`, { headers: { allow: failure.allow! } });
  const headers = new Headers(responseHeaders);
  headers.set("cache-control", "no-store");
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  return { response: Response.json(errorEnvelope(error), { status: error.status, headers }), requestHeaders, responseHeaders };
}
