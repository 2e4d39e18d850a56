// Drives the real Next route handlers with real Requests: the path is matched against the files
// under src/app/api, exactly as Next routes it, and the module's method export is called.
import { readdirSync } from "node:fs";
import path from "node:path";
import { decideAtEdge } from "@/server/http/edge";
import { isServedHere } from "@/server/http/node-server";
import { config as proxyConfig } from "@/proxy";
import { sendThroughServer } from "./server";

const apiRoot = path.resolve(import.meta.dirname, "../../src/app/api");

interface RouteFile {
  pattern: RegExp;
  paramNames: string[];
  file: string;
  specificity: number;
}

function discoverRoutes(dir: string, segments: string[] = []): RouteFile[] {
  const routes: RouteFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) routes.push(...discoverRoutes(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === "route.ts") {
      const paramNames: string[] = [];
      let specificity = 0;
      const source = segments
        .map((segment) => {
          const catchAll = segment.match(/^\[\.\.\.(\w+)\]$/);
          if (catchAll) {
            paramNames.push(catchAll[1]!);
            return "/(.+)";
          }
          const dynamic = segment.match(/^\[(\w+)\]$/);
          if (dynamic) {
            paramNames.push(dynamic[1]!);
            specificity += 1;
            return "/([^/]+)";
          }
          specificity += 100;
          return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
        })
        .join("");
      routes.push({ pattern: new RegExp(`^/api${source}/?$`), paramNames, file: path.join(dir, entry.name), specificity });
    }
  }
  return routes;
}

const routes = discoverRoutes(apiRoot).sort((a, b) => b.specificity - a.specificity);

export const BASE_URL = "http://localhost:3000";

/** The paths Next runs the proxy for: its matcher, read as the anchored pattern Next compiles it to. */
const proxiedPaths = proxyConfig.matcher.map((matcher) => new RegExp(`^${matcher}$`));

/**
 * Sends a Request as Orbit's server does: /api/v1 to the server's own handler (on a real socket, see
 * server.ts), everything else through the proxy (src/proxy.ts) where its matcher says so, and the
 * route handler Next would pick for its path.
 */
export async function dispatch(incoming: Request): Promise<Response> {
  if (isServedHere(new URL(incoming.url).pathname)) return sendThroughServer(incoming, dispatchToNext);
  return dispatchToNext(incoming);
}

/** What Next does with a request: the proxy, then the route file. */
export async function dispatchToNext(incoming: Request): Promise<Response> {
  if (!proxiedPaths.some((pattern) => pattern.test(new URL(incoming.url).pathname))) return route(incoming);
  const edge = decideAtEdge(incoming);
  if (edge.response) return edge.response;
  if (edge.rewritePath) {
    const target = new URL(edge.rewritePath + new URL(incoming.url).search, incoming.url);
    const body = incoming.method === "GET" || incoming.method === "HEAD" ? undefined : await incoming.arrayBuffer();
    return route(new Request(target, { method: incoming.method, headers: edge.requestHeaders, body }));
  }
  const request = new Request(incoming, { headers: edge.requestHeaders });
  const response = await route(request);
  const headers = new Headers(response.headers);
  for (const [name, value] of edge.responseHeaders) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function route(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  for (const route of routes) {
    const match = pathname.match(route.pattern);
    if (!match) continue;
    const module = (await import(route.file)) as Record<string, unknown>;
    const handler = module[request.method] as ((request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>) | undefined;
    if (!handler) return new Response(null, { status: 405 });
    const params = Object.fromEntries(
      route.paramNames.map((name, index) => {
        const value = decodeURIComponent(match[index + 1]!);
        return [name, route.pattern.source.includes("(.+)") && index === route.paramNames.length - 1 ? value.split("/") : value];
      }),
    );
    return handler(request, { params: Promise.resolve(params) });
  }
  return new Response(null, { status: 404 });
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
  /** The body as sent (a PDF's bytes; `text` is them decoded as UTF-8). */
  bytes: Uint8Array;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** An HTTP client with a cookie jar, like a browser or an integrator's client. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly defaultHeaders: Record<string, string> = {}) {}

  async request<T = any>(method: string, url: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers = new Headers({ ...this.defaultHeaders, ...options.headers });
    if (this.cookies.size && !headers.has("cookie")) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    let body: string | undefined = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set("content-type", "application/json");
    }
    const response = await dispatch(new Request(new URL(url, BASE_URL), { method, headers, body }));
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || attributes.some((attribute) => /max-age=0/i.test(attribute.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text, bytes };
  }

  get = <T = any>(url: string, options?: RequestOptions) => this.request<T>("GET", url, options);
  post = <T = any>(url: string, body?: unknown, options?: RequestOptions) => this.request<T>("POST", url, { ...options, body });
  put = <T = any>(url: string, body?: unknown, options?: RequestOptions) => this.request<T>("PUT", url, { ...options, body });
  patch = <T = any>(url: string, body?: unknown, options?: RequestOptions) => this.request<T>("PATCH", url, { ...options, body });
  delete = <T = any>(url: string, options?: RequestOptions) => this.request<T>("DELETE", url, options);

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}
