// Orbit's own server's request handler (src/server/http/node-server.ts) on a real socket in this
// process, with the harness's route dispatch standing in for Next's handler. /api/v1 requests of the
// TestClient go through it: the production path, on Node's own request and response.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll } from "vitest";
import type { Admission } from "@/server/load/admission";
import { createOrbitServer, type NodeHandler } from "@/server/http/node-server";

/** Next's part, played by `routeToNext` (the route files, as the harness runs them) over Node's request and response. */
function nextStandIn(routeToNext: (request: Request) => Promise<Response>, origin: string): NodeHandler {
  return async (request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const body = hasBody ? Buffer.concat(await request.toArray()) : undefined;
    const answer = await routeToNext(new Request(new URL(request.url ?? "/", origin), { method: request.method, headers, body }));
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of answer.headers) if (name !== "set-cookie") out[name] = value;
    const cookies = answer.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    response.writeHead(answer.status, out);
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
}

export interface StartedServer {
  server: http.Server;
  port: number;
  close: () => Promise<void>;
}

/**
 * Starts the request handler on 127.0.0.1 (an ephemeral port); `origin` is what it reports as
 * listening; `admission` replaces the process's own lanes (load/admission.ts).
 */
export async function startOrbitServer(routeToNext: (request: Request) => Promise<Response>, origin = "http://localhost:3000", options: { admission?: Admission } = {}): Promise<StartedServer> {
  const server = createOrbitServer({ next: nextStandIn(routeToNext, origin), listeningOrigin: origin, admission: options.admission });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let shared: Promise<StartedServer> | undefined;

/**
 * Sends a Request to this file's shared server and returns its answer as a Response (the Host header
 * as the request's URL names it). A connection per request: a kept-alive one the server closes after
 * an idle pause longer than its keep-alive timeout can be reused at that moment and reset.
 */
export async function sendThroughServer(request: Request, routeToNext: (request: Request) => Promise<Response>): Promise<Response> {
  if (!shared) {
    shared = startOrbitServer(routeToNext);
    afterAll(async () => (await shared)?.close());
  }
  const { port } = await shared;
  const url = new URL(request.url);
  const headers: Record<string, string> = { host: url.host };
  for (const [name, value] of request.headers) headers[name] = value;
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  if (body && !("content-length" in headers)) headers["content-length"] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    // `agent: false`: Node's global agent keeps connections alive and would reuse one.
    const outgoing = http.request({ host: "127.0.0.1", port, method: request.method, path: url.pathname + url.search, headers, signal: request.signal, agent: false }, (incoming) => {
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
      }
      const status = incoming.statusCode ?? 500;
      const hasNoBody = request.method === "HEAD" || [204, 205, 304].includes(status);
      if (hasNoBody) incoming.resume();
      resolve(new Response(hasNoBody ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), { status, headers: responseHeaders }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
