// A real webhook receiver on 127.0.0.1 (port 0): records every request's raw body and headers and
// answers what the test tells it to.
import http from "node:http";
import { afterEach } from "vitest";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Header names in the order and case they arrived. */
  headerNames: string[];
  body: Buffer;
  receivedAt: number;
}

export interface Reply {
  status: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Wait before answering (timeouts, leases). */
  delayMs?: number;
}

export type Responder = (request: ReceivedRequest, index: number) => Reply | Promise<Reply>;

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(
    private readonly server: http.Server,
    public respond: Responder,
  ) {}

  static async start(respond: Responder = () => ({ status: 200, body: "ok" })): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server, respond);
    server.on("request", (request, response) => void receiver.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const received: ReceivedRequest = {
      method: request.method ?? "",
      path: request.url ?? "",
      headers: request.headers,
      headerNames: request.rawHeaders.filter((_, index) => index % 2 === 0),
      body: Buffer.concat(chunks),
      receivedAt: Date.now(),
    };
    const index = this.requests.push(received) - 1;
    this.waiters = this.waiters.filter((waiter) => (this.requests.length >= waiter.count ? (waiter.resolve(), false) : true));
    try {
      const reply = await this.respond(received, index);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (!response.destroyed) {
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body ?? "");
      }
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Resolves once `count` requests have arrived in total; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs = 5_000): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${this.requests.length} of ${count} requests`)), timeoutMs);
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** Closes the server (again: a no-op). */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Receivers for one test file, each closed after the test that started it. */
export function useReceivers(): (...args: Parameters<typeof Receiver.start>) => Promise<Receiver> {
  const started: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((receiver) => receiver.close()));
  });
  return async (...args) => {
    const receiver = await Receiver.start(...args);
    started.push(receiver);
    return receiver;
  };
}
