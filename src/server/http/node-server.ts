// Orbit's own HTTP server (started by src/server.ts): every request it parses is handled by the
// request pipeline (pipeline.ts, the steps in order); what never becomes a request is answered by the
// request guard (request-guard.ts).
import http from "node:http";
import { createRequestHandler, type RequestHandlerOptions } from "@/server/http/pipeline";
import { answerUnparsedRequests } from "@/server/http/request-guard";

export { isServedHere, type NodeHandler, type RequestHandlerOptions } from "@/server/http/pipeline";

/** Orbit's HTTP server: the request handler, and the answers to what never becomes a request (request-guard.ts). */
export function createOrbitServer(options: RequestHandlerOptions): http.Server {
  const server = http.createServer(createRequestHandler(options));
  answerUnparsedRequests(server);
  return server;
}
