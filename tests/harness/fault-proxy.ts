// A loopback proxy in front of a started Orbit server that misbehaves on purpose, as a network does:
// per request it forwards, forwards and then drops the connection (the server did the work, the
// client never hears), forwards and answers another status instead, or answers alone without
// forwarding. It records what passed, so a test sees each attempt a client made.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

export type Fault =
  | { kind: "forward" }
  /** The server handles the request; the client's connection is cut before any answer. */
  | { kind: "drop-after-forward" }
  /** The server handles the request; the client is told `status` instead. */
  | { kind: "replace-after-forward"; status: number }
  /** Answered here; the server never sees it. */
  | { kind: "answer"; status: number; headers?: Record<string, string>; body?: string };

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** What the server answered, when the request reached it. */
  upstreamStatus?: number;
  upstreamHeaders?: http.IncomingHttpHeaders;
  receivedAt: number;
}

export interface FaultProxy {
  origin: string;
  requests: ProxiedRequest[];
}

/** Proxies for one test file, each closed after the test that started it. */
export function useFaultProxies(): (targetPort: number, decide: (request: ProxiedRequest, index: number) => Fault) => Promise<FaultProxy> {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  });
  return async (targetPort, decide) => {
    const requests: ProxiedRequest[] = [];
    const server = http.createServer(async (incoming, outgoing) => {
      const body = Buffer.concat(await incoming.toArray());
      const seen: ProxiedRequest = { method: incoming.method ?? "", path: incoming.url ?? "", headers: incoming.headers, receivedAt: Date.now() };
      const fault = decide(seen, requests.push(seen) - 1);
      if (fault.kind === "answer") {
        outgoing.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
        outgoing.end(fault.body ?? "");
        return;
      }
      const upstream = http.request({ host: "127.0.0.1", port: targetPort, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false }, async (answer) => {
        const answerBody = Buffer.concat(await answer.toArray());
        seen.upstreamStatus = answer.statusCode;
        seen.upstreamHeaders = answer.headers;
        if (fault.kind === "drop-after-forward") outgoing.socket?.destroy();
        else if (fault.kind === "replace-after-forward") {
          outgoing.writeHead(fault.status, { "content-type": "application/json" });
          outgoing.end(JSON.stringify({ error: "internal_error", message: "Upstream failed" }));
        } else {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          outgoing.end(answerBody);
        }
      });
      upstream.on("error", () => outgoing.socket?.destroy());
      upstream.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  };
}
