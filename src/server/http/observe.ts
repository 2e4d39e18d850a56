// Every API response is measured and logged once: route template, method, status, duration and the
// request id (the one the proxy assigned, src/proxy.ts, or for routes the proxy skips, made here the
// same way). Never a body, a header value or a query string. The response gets the request id and the
// security headers here, so routes outside the proxy's matcher carry them too.
import { REQUEST_ID_HEADER, requestIdOf } from "@/server/http/request-id";
import { matchApiRoute } from "@/server/http/route-table";
import { routeV1Request } from "@/server/http/v1-operations";
import { applySecurityHeaders } from "@/server/http/security-headers";
import { getRequestLogger } from "@/server/operations/logger";
import { recordHttpRequest } from "@/server/operations/metrics";

/** A bounded label: the route file's template, or for /api/v1 the OpenAPI operation's path. */
export function routeTemplateOf(method: string, pathname: string): string {
  const route = matchApiRoute(pathname)?.template ?? "unmatched";
  if (route !== "/api/v1/[...path]") return route;
  const v1 = routeV1Request(method, pathname);
  return v1.kind === "operation" ? v1.operation.template : route;
}

type Handler<A extends unknown[]> = (request: Request, ...args: A) => Promise<Response> | Response;

/** What is observed of one answered request. */
export interface ObservedRequest {
  method: string;
  pathname: string;
  /** The request's headers (its id, the origin for HSTS) and its URL. */
  headers: Headers;
  url: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  started: number;
}

/** Counts and logs an answered request, and gives its response the request id and the security headers. */
export function observeAnswer(request: ObservedRequest, responseHeaders: Headers): void {
  const seconds = (performance.now() - request.started) / 1000;
  const route = routeTemplateOf(request.method, request.pathname);
  const requestId = requestIdOf(request.headers);
  recordHttpRequest(route, request.method, request.status, seconds);
  getRequestLogger().info({ requestId, method: request.method, route, status: request.status, durationMs: Math.round(seconds * 1000) }, "request");
  responseHeaders.set(REQUEST_ID_HEADER, requestId);
  applySecurityHeaders(responseHeaders, request.headers, request.url);
}

export function observed<A extends unknown[]>(handler: Handler<A>): (request: Request, ...args: A) => Promise<Response> {
  return async (request, ...args) => {
    const started = performance.now();
    const response = await handler(request, ...args);
    const { method, headers, url } = request;
    observeAnswer({ method, pathname: new URL(url).pathname, headers, url, status: response.status, started }, response.headers);
    return response;
  };
}
