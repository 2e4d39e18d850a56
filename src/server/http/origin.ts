// The origin a request was addressed to: APP_URL when set, else the Host header (or, behind a trusted
// proxy, X-Forwarded-Host / X-Forwarded-Proto) with the listening protocol. Never `request.url`
// alone: `next start` reports every request there as `localhost`. Also the in-app edges' check that
// a mutating request's Origin is that origin.
import { getEnv } from "@/env";
import { AppError } from "@/server/errors";

/** The first value of a comma-separated forwarded header, trimmed; undefined when absent or empty. */
function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value ? value : undefined;
}

/** The last origin `canonicalOrigin` worked out: every request to one host asks for it again, twice. */
let lastCanonical: { protocol: string; host: string; origin: string | undefined } | undefined;

/** `scheme://host[:port]` in URL's canonical form (default port dropped, host lower-cased), or undefined. */
function canonicalOrigin(protocol: string, host: string): string | undefined {
  if (lastCanonical?.protocol === protocol && lastCanonical.host === host) return lastCanonical.origin;
  const origin = parseOrigin(protocol, host);
  lastCanonical = { protocol, host, origin };
  return origin;
}

function parseOrigin(protocol: string, host: string): string | undefined {
  if (!/^https?$/.test(protocol)) return undefined;
  try {
    const url = new URL(`${protocol}://${host}`);
    // A host header with a path, credentials or query is not a host.
    if (url.pathname !== "/" || url.username || url.password || url.search || url.hash) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** The public origin this request belongs to (see app-api.md section 10). */
export function expectedOrigin(headers: Headers, requestUrl: string): string | undefined {
  const env = getEnv();
  if (env.appOrigin) return env.appOrigin;
  // The listening URL is parsed only when no header names the host (every request on the API's path has one).
  const listeningProtocol = listeningProtocolOf(requestUrl);
  const listeningHost = () => new URL(requestUrl).host;
  if (env.trustProxy) {
    const protocol = firstValue(headers.get("x-forwarded-proto"))?.toLowerCase() ?? listeningProtocol;
    const host = firstValue(headers.get("x-forwarded-host")) ?? firstValue(headers.get("host")) ?? listeningHost();
    return canonicalOrigin(protocol, host);
  }
  return canonicalOrigin(listeningProtocol, headers.get("host")?.trim() || listeningHost());
}

/** `http` or `https` of an absolute URL, read without parsing it; anything else as URL would read it. */
function listeningProtocolOf(requestUrl: string): string {
  if (requestUrl.startsWith("http://")) return "http";
  if (requestUrl.startsWith("https://")) return "https";
  return new URL(requestUrl).protocol.slice(0, -1);
}

/** Whether the browser-sent Origin header names this request's own origin. */
export function isSameOrigin(origin: string, headers: Headers, requestUrl: string): boolean {
  const expected = expectedOrigin(headers, requestUrl);
  return expected !== undefined && origin.toLowerCase() === expected;
}

/**
 * The origin for absolute URLs handed back to a person (feed URLs, links): `expectedOrigin`, or for an
 * in-process page read (no request URL) the Host header's. A Host that is not a host is never given
 * to `new URL` (it would throw): the listening origin stands in.
 */
export function publicOrigin(headers: Headers, requestUrl: string | undefined): string {
  const listening = requestUrl ?? "http://localhost/";
  return expectedOrigin(headers, listening) ?? new URL(listening).origin;
}

/**
 * Refuses (403) a mutating request whose Origin is not this request's own: the session cookie goes
 * along cross-site on top-level POSTs. A request without Origin (not a browser's) passes.
 */
export function assertSameOrigin(method: string, headers: Headers, requestUrl: string): void {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const origin = headers.get("origin");
  if (origin && !isSameOrigin(origin, headers, requestUrl)) {
    throw new AppError("forbidden", "Cross-origin request refused.", { details: [{ field: "origin", message: "origin not allowed" }] });
  }
}
