// Every API route and its methods. Next answers a method a route file lacks with an empty 405; the
// proxy answers it from this table in the envelope instead (with Allow). Unknown paths reach the
// catch-all route file (404 envelope), so a route file missing here still works. A test keeps the
// table equal to the route files under src/app/api.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Route templates (Next's `[param]` and `[...rest]` segments) and the methods their route files export. */
export const apiRoutes: Record<string, readonly HttpMethod[]> = {
  "/api/health": ["GET"],
  "/api/ready": ["GET"],
  "/api/metrics": ["GET"],
  "/api/trpc/[trpc]": ["GET", "POST"],
  "/api/v1/[...path]": ["GET", "POST", "PUT", "PATCH", "DELETE"],
  "/api/[...path]": ["GET", "POST", "PUT", "PATCH", "DELETE"],
  "/api/app/api-keys": ["GET", "POST"],
  "/api/app/api-keys/[id]": ["DELETE"],
  "/api/app/auth/login": ["POST"],
  "/api/app/auth/logout": ["POST"],
  "/api/app/auth/password": ["POST"],
  "/api/app/auth/signup": ["POST"],
  "/api/app/constellations/[id]/archive": ["POST"],
  "/api/app/constellations/[id]/unarchive": ["POST"],
  "/api/app/constellations/[id]/work": ["GET"],
  "/api/app/customers/[id]": ["PATCH"],
  "/api/app/customers/[id]/archive": ["POST"],
  "/api/app/customers/[id]/unarchive": ["POST"],
  "/api/app/customers/[id]/work": ["GET"],
  "/api/app/invoices": ["GET", "POST"],
  "/api/app/invoices/preview": ["POST"],
  "/api/app/invoices/[id]": ["GET", "PATCH"],
  "/api/app/invoices/[id]/issue": ["POST"],
  "/api/app/invoices/[id]/pay": ["POST"],
  "/api/app/invoices/[id]/void": ["POST"],
  "/api/app/reports/hours": ["GET"],
  "/api/app/reports/time": ["GET"],
  "/api/app/reports/time/logs": ["GET"],
  "/api/app/reports/saved": ["GET", "POST"],
  "/api/app/reports/saved/[id]": ["DELETE"],
  "/api/app/reports/saved/[id]/share": ["POST", "DELETE"],
  "/api/public/reports/[token]": ["GET"],
  "/api/public/reports/[token]/logs": ["GET"],
  "/api/app/calendar-feed": ["GET", "POST", "DELETE"],
  "/api/calendar/[token]": ["GET"],
  "/api/app/me": ["GET"],
  "/api/app/me/preferences": ["GET", "PATCH"],
  "/api/app/members": ["GET", "POST"],
  "/api/app/members/[userId]": ["PATCH"],
  "/api/app/members/[userId]/deactivate": ["POST"],
  "/api/app/members/[userId]/reactivate": ["POST"],
  "/api/app/invites": ["GET", "POST"],
  "/api/app/export": ["GET"],
  "/api/app/imports": ["POST"],
  "/api/app/invites/[token]": ["GET"],
  "/api/app/invites/[token]/accept": ["POST"],
  "/api/app/organization/plan": ["PUT"],
  "/api/app/organization/settings": ["GET", "PATCH"],
  "/api/app/tasks/[taskId]/comments": ["POST"],
  "/api/app/time-logs/sync": ["POST"],
  "/api/app/time-logs/[id]": ["PATCH", "DELETE"],
  "/api/app/time-logs/[id]/continue": ["POST"],
  "/api/app/timers/current": ["GET", "PATCH", "DELETE"],
  "/api/app/timesheet": ["GET"],
  "/api/app/timesheet/cells": ["PUT"],
  "/api/app/timers/start": ["POST"],
  "/api/app/timers/stop": ["POST"],
  "/api/app/notifications": ["GET"],
  "/api/app/notifications/[id]/read": ["POST"],
  "/api/app/webhooks": ["GET", "POST"],
  "/api/app/webhooks/events": ["GET"],
  "/api/app/webhooks/event-types": ["GET"],
  "/api/app/webhooks/[id]": ["GET", "PATCH", "DELETE"],
  "/api/app/webhooks/[id]/deliveries": ["GET"],
  "/api/app/webhooks/[id]/deliveries/[deliveryId]": ["GET"],
  "/api/app/webhooks/[id]/deliveries/[deliveryId]/resend": ["POST"],
  "/api/app/webhooks/[id]/recover": ["POST"],
  "/api/app/webhooks/[id]/rotate-secret": ["POST"],
  "/api/app/webhooks/[id]/test": ["POST"],
  "/api/cron/webhooks": ["POST"],
};

function segmentPattern(segment: string): string {
  if (/^\[\.\.\.\w+\]$/.test(segment)) return ".+";
  if (/^\[\w+\]$/.test(segment)) return "[^/]+";
  return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const compiled = Object.entries(apiRoutes).map(([template, methods]) => ({
  template,
  methods,
  // Static segments beat dynamic ones and those beat catch-alls, as in Next's router.
  specificity: template.split("/").reduce((sum, segment) => sum + (segment.startsWith("[...") ? 0 : segment.startsWith("[") ? 1 : 100), 0),
  pattern: new RegExp(`^${template.split("/").map(segmentPattern).join("/")}/?$`),
}));
compiled.sort((a, b) => b.specificity - a.specificity);

/** The route template a path belongs to and its methods, or undefined for an unknown path. */
export function matchApiRoute(pathname: string): { template: string; methods: readonly HttpMethod[] } | undefined {
  return compiled.find((route) => route.pattern.test(pathname));
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The envelope error for a request Next would answer with an empty or HTML body: 404 for `/api`
 * itself (the catch-all needs a segment), 405 (with `Allow`) for a method a known route lacks.
 * Undefined when the route handler should run.
 */
export function routingError(method: string, pathname: string): { code: "not_found" | "method_not_allowed"; allow?: string } | undefined {
  if (!isApiPath(pathname)) return undefined;
  const route = matchApiRoute(pathname);
  if (!route) return /^\/api\/?$/.test(pathname) ? { code: "not_found" } : undefined;
  const upper = method.toUpperCase();
  // Next serves HEAD from GET and OPTIONS itself.
  if (upper === "OPTIONS" || (upper === "HEAD" && route.methods.includes("GET")) || route.methods.includes(upper as HttpMethod)) return undefined;
  const allow = [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return { code: "method_not_allowed", allow };
}
