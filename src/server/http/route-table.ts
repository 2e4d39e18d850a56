// The in-app and cron routes and their methods. Next answers an unknown path or a missing method with
// an empty or HTML body; the proxy answers them from this table in the envelope instead. A test keeps
// the table equal to the route files under src/app/api/app and src/app/api/cron.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Route templates (Next's `[param]` segments) and the methods their route files export. */
export const envelopedRoutes: Record<string, readonly HttpMethod[]> = {
  "/api/app/api-keys": ["GET", "POST"],
  "/api/app/api-keys/[id]": ["DELETE"],
  "/api/app/auth/login": ["POST"],
  "/api/app/auth/logout": ["POST"],
  "/api/app/auth/signup": ["POST"],
  "/api/app/constellations/[id]/archive": ["POST"],
  "/api/app/constellations/[id]/unarchive": ["POST"],
  "/api/app/customers/[id]": ["PATCH"],
  "/api/app/customers/[id]/archive": ["POST"],
  "/api/app/customers/[id]/unarchive": ["POST"],
  "/api/app/invoices": ["POST"],
  "/api/app/me": ["GET"],
  "/api/app/members": ["POST"],
  "/api/app/organization/plan": ["PUT"],
  "/api/app/tasks/[taskId]/comments": ["POST"],
  "/api/app/time-logs/sync": ["POST"],
  "/api/app/timers/current": ["GET"],
  "/api/app/timers/start": ["POST"],
  "/api/app/timers/stop": ["POST"],
  "/api/app/webhooks": ["GET", "POST"],
  "/api/app/webhooks/[id]": ["PATCH", "DELETE"],
  "/api/app/webhooks/[id]/deliveries": ["GET"],
  "/api/cron/webhooks": ["POST"],
};

/** The path prefixes whose every response is the JSON envelope. */
export const ENVELOPED_PREFIXES = ["/api/app/", "/api/cron/"] as const;

const compiled = Object.entries(envelopedRoutes).map(([template, methods]) => ({
  template,
  methods,
  // Static segments beat dynamic ones, as in Next's router.
  specificity: template.split("/").filter((segment) => segment && !segment.startsWith("[")).length,
  pattern: new RegExp(`^${template.replace(/\[[^/\]]+\]/g, "[^/]+")}/?$`),
}));
compiled.sort((a, b) => b.specificity - a.specificity);

/** The route template a path belongs to and its methods, or undefined for an unknown path. */
export function matchEnvelopedRoute(pathname: string): { template: string; methods: readonly HttpMethod[] } | undefined {
  return compiled.find((route) => route.pattern.test(pathname));
}

export function isEnvelopedPath(pathname: string): boolean {
  return ENVELOPED_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || ENVELOPED_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1));
}

/**
 * The envelope error for a request Next would answer with an empty or HTML body: 404 for an unknown
 * path, 405 (with `Allow`) for a method the route lacks. Undefined when the route handler should run.
 */
export function routingError(method: string, pathname: string): { code: "not_found" | "method_not_allowed"; allow?: string } | undefined {
  if (!isEnvelopedPath(pathname)) return undefined;
  const route = matchEnvelopedRoute(pathname);
  if (!route) return { code: "not_found" };
  const upper = method.toUpperCase();
  // Next serves HEAD from GET and OPTIONS itself.
  if (upper === "OPTIONS" || (upper === "HEAD" && route.methods.includes("GET")) || route.methods.includes(upper as HttpMethod)) return undefined;
  const allow = [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return { code: "method_not_allowed", allow };
}
