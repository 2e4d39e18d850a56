// Every API route and its methods, and the envelope's 404 and 405 (with `Allow`) for the paths and
// methods they lack, answered by the proxy (edge.ts), Orbit's server for methods Next cannot represent
// (request-guard.ts) and the /api/app route. The in-app routes come from their own table
// (app-routes.ts); the other route files are listed here, and a test keeps this list equal to them.
// Unknown paths reach the catch-all route files (404 envelope), so a route file missing here still works.
import { AppError } from "@/server/errors";
import { matchAppPath, METHOD_ORDER, type AppMethod } from "@/server/http/app-routes";

export type HttpMethod = AppMethod;

/** The route files other than /api/app's (Next's `[param]` and `[...rest]` segments) and the methods they export. */
export const apiRoutes: Record<string, readonly HttpMethod[]> = {
  "/api/health": ["GET"],
  "/api/ready": ["GET"],
  "/api/metrics": ["GET"],
  "/api/trpc/[trpc]": ["GET", "POST"],
  "/api/v1/[...path]": ["GET", "POST", "PUT", "PATCH", "DELETE"],
  "/api/[...path]": ["GET", "POST", "PUT", "PATCH", "DELETE"],
  // Its paths, methods and route labels are the in-app table's (app-routes.ts).
  "/api/app/[...path]": ["GET", "POST", "PUT", "PATCH", "DELETE"],
  "/api/public/reports/[token]": ["GET"],
  "/api/public/reports/[token]/logs": ["GET"],
  "/api/calendar/[token]": ["GET"],
  "/api/cron/webhooks": ["POST"],
  // The OAuth endpoints, reached at /oauth/* and /.well-known/oauth-authorization-server through the edge's rewrite.
  "/api/oauth/token": ["POST"],
  "/api/oauth/revoke": ["POST"],
  "/api/oauth/authorize": ["POST"],
  "/api/oauth/metadata": ["GET"],
};

function segmentPattern(segment: string): string {
  if (/^\[\.\.\.\w+\]$/.test(segment)) return ".+";
  if (/^\[\w+\]$/.test(segment)) return "[^/]+";
  return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const APP_PREFIX = "/api/app/";
const APP_CATCH_ALL = "/api/app/[...path]";

// The in-app catch-all is not matched by its template: its paths are the table's.
const compiled = Object.entries(apiRoutes).filter(([template]) => template !== APP_CATCH_ALL).map(([template, methods]) => ({
  template,
  methods,
  // Static segments beat dynamic ones and those beat catch-alls, as in Next's router.
  specificity: template.split("/").reduce((sum, segment) => sum + (segment.startsWith("[...") ? 0 : segment.startsWith("[") ? 1 : 100), 0),
  pattern: new RegExp(`^${template.split("/").map(segmentPattern).join("/")}/?$`),
}));
compiled.sort((a, b) => b.specificity - a.specificity);

/**
 * The route template a path belongs to and its methods, or undefined for an unknown path. An in-app
 * path is the table's; one the table lacks is the /api catch-all's (its 404), as before the table.
 */
export function matchApiRoute(pathname: string): { template: string; methods: readonly HttpMethod[] } | undefined {
  if (pathname.startsWith(APP_PREFIX)) {
    const app = matchAppPath(pathname);
    if (app) return app.path;
  }
  return compiled.find((route) => route.pattern.test(pathname));
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/** `Allow` of a route in the envelope's 405: its methods, HEAD beside GET, OPTIONS. */
export function allowOf(methods: readonly HttpMethod[]): string {
  return [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

/** `Allow` of Next's own answer to OPTIONS on a route file with these methods (all of them for a catch-all): sorted. */
export function nextOptionsAllow(methods: readonly HttpMethod[] = METHOD_ORDER): string {
  return ["OPTIONS", ...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].sort().join(", ");
}

/** The 404 of a path no route serves. */
export const noSuchRoute = () => new AppError("not_found", "No such route.");

/** The 405 of a method a route does not serve, naming the ones it does. */
export function methodNotAllowed(method: string, allow: string): AppError {
  return new AppError("method_not_allowed", `Method ${method} is not allowed on this route.`, { headers: { allow } });
}

/** `Allow` of the route a path belongs to, or undefined for a path no route serves. */
export function allowOfPath(pathname: string): string | undefined {
  const route = matchApiRoute(pathname);
  return route && allowOf(route.methods);
}

/**
 * The envelope error for a request Next would answer with an empty or HTML body: 404 for `/api`
 * itself (the catch-all needs a segment), 405 (with `Allow`) for a method a known route lacks.
 * Undefined when the route handler should run.
 */
export function routingError(method: string, pathname: string): AppError | undefined {
  if (!isApiPath(pathname)) return undefined;
  const route = matchApiRoute(pathname);
  if (!route) return /^\/api\/?$/.test(pathname) ? noSuchRoute() : undefined;
  const upper = method.toUpperCase();
  // Next serves HEAD from GET and OPTIONS itself.
  if (upper === "OPTIONS" || (upper === "HEAD" && route.methods.includes("GET")) || route.methods.includes(upper as HttpMethod)) return undefined;
  return methodNotAllowed(method, allowOf(route.methods));
}
