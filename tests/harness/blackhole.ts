// A receiver that accepts TCP connections and never answers (issue 11's "silent endpoint"): every
// attempt to it lasts until the sender's timeout. Counts the connections it holds.
import net from "node:net";
import type { AddressInfo } from "node:net";

export class Blackhole {
  private readonly sockets = new Set<net.Socket>();
  connections = 0;
  maxOpen = 0;

  private constructor(private readonly server: net.Server) {}

  static async start(): Promise<Blackhole> {
    const server = net.createServer();
    const blackhole = new Blackhole(server);
    server.on("connection", (socket) => {
      blackhole.connections += 1;
      blackhole.sockets.add(socket);
      blackhole.maxOpen = Math.max(blackhole.maxOpen, blackhole.sockets.size);
      socket.on("error", () => undefined);
      socket.on("close", () => blackhole.sockets.delete(socket));
      socket.resume(); // read and discard the request, answer nothing
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return blackhole;
  }

  get open(): number {
    return this.sockets.size;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Resolves once at least `count` connections are open at the same time. */
  async waitForOpen(count: number, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.sockets.size < count) {
      if (Date.now() > deadline) throw new Error(`blackhole holds ${this.sockets.size} of ${count} connections`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Drops every held connection (attempts in flight fail at once) and stops listening. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
