// What happens to every request before its route runs (Next's proxy, src/proxy.ts): the request id,
// the security headers, and the envelope 404/405 for in-app and cron paths Next would answer itself.
import type { AppError } from "@/server/errors";
import { errorEnvelope } from "@/server/lib/envelope";
import { REQUEST_ID_HEADER, requestIdOf } from "@/server/http/request-id";
import { routingError } from "@/server/http/route-table";
import { applySecurityHeaders } from "@/server/http/security-headers";
import { OAUTH_PATHS } from "@/lib/oauth-paths";

/** Set by the edge on page requests: the path and query the visitor asked for. */
export const PAGE_PATH_HEADER = "x-orbit-page-path";

export interface EdgeDecision {
  /** Answer with this instead of running the route. */
  response?: Response;
  /** Run the route of this path instead (the query kept). */
  rewritePath?: string;
  /** Request headers the route sees (with the request id). */
  requestHeaders: Headers;
  /** Headers to add to the route's response. */
  responseHeaders: Headers;
}

function setEdgeHeaders(headers: Headers, request: Request, requestId: string): void {
  headers.set(REQUEST_ID_HEADER, requestId);
  applySecurityHeaders(headers, request.headers, request.url);
}

/**
 * A shared report's CSV sits beside its page: `/r/<token>.csv` is answered by the public report route,
 * as `/api/public/reports/<token>.csv`.
 */
export function sharedReportCsvPath(pathname: string): string | undefined {
  const match = /^\/r\/([^/]+)\.csv$/.exec(pathname);
  return match ? `/api/public/reports/${match[1]}.csv` : undefined;
}

/**
 * The OAuth endpoints live at the paths OAuth clients expect (app-api section 14) and are answered by
 * route handlers under /api/oauth; GET /oauth/authorize stays the consent page, its POST the decision.
 */
export function oauthRoutePath(method: string, pathname: string): string | undefined {
  if (pathname === OAUTH_PATHS.token) return "/api/oauth/token";
  if (pathname === OAUTH_PATHS.revoke) return "/api/oauth/revoke";
  if (pathname === OAUTH_PATHS.metadata) return "/api/oauth/metadata";
  if (pathname === OAUTH_PATHS.authorize && method === "POST") return "/api/oauth/authorize";
  return undefined;
}

export function decideAtEdge(request: Request): EdgeDecision {
  const requestId = requestIdOf(request.headers);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  const url = new URL(request.url);
  const oauthPath = oauthRoutePath(request.method, url.pathname);
  const rewritePath = sharedReportCsvPath(url.pathname) ?? oauthPath;
  if (rewritePath) {
    // A method the route lacks is a 405 naming the ones it has (RFC 9110 15.5.6), not Next's bare one;
    // at the OAuth endpoints in OAuth's error form.
    const refused = routingError(request.method, rewritePath);
    if (!refused) return { rewritePath, requestHeaders, responseHeaders: new Headers() };
    const body = oauthPath ? { error: "invalid_request", error_description: refused.message } : errorEnvelope(refused);
    return { response: edgeRefusal(request, requestId, refused, body), requestHeaders, responseHeaders: new Headers() };
  }
  const isApi = url.pathname.startsWith("/api/");
  // Pages learn their own path from it (a signed-out visitor is sent to log in and back, server-side).
  if (!isApi) requestHeaders.set(PAGE_PATH_HEADER, url.pathname + url.search);
  else requestHeaders.delete(PAGE_PATH_HEADER);
  // API route handlers add the request id and security headers themselves (server/http/observe.ts);
  // pages, and the answers given here, get them from the proxy.
  const responseHeaders = new Headers();
  if (!isApi) setEdgeHeaders(responseHeaders, request, requestId);

  const error = routingError(request.method, url.pathname);
  if (!error) return { requestHeaders, responseHeaders };
  return { response: edgeRefusal(request, requestId, error), requestHeaders, responseHeaders };
}

/** The edge's answer to a request it refuses: never cached, with the request id, the security headers and the error's own (`Allow`). */
function edgeRefusal(request: Request, requestId: string, error: AppError, body: unknown = errorEnvelope(error)): Response {
  const headers = new Headers({ "cache-control": "no-store" });
  setEdgeHeaders(headers, request, requestId);
  for (const [name, value] of Object.entries(error.headers ?? {})) headers.set(name, value);
  return Response.json(body, { status: error.status, headers });
}
