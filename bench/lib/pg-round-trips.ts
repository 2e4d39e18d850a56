// Counts the app's real database round trips: a TCP relay in front of PostgreSQL that reads the
// client side of the wire protocol. A round trip is a simple Query ('Q') or an extended-protocol
// batch closed by Sync ('S'); each is labelled with its SQL (from Parse, or Bind's named statement).
// Plain TCP only: point it at a server that the app reaches without TLS.
import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface RoundTrip {
  at: number;
  sql: string[];
}

export interface RoundTripCounter {
  /** postgres:// URL that goes through the relay (same credentials and database). */
  url: string;
  /** Position to pass to `since`. */
  mark(): number;
  since(position: number): RoundTrip[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** Parses the frontend (client to server) byte stream of one connection. */
function frontendParser(onRoundTrip: (sql: string[]) => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let isStartup = true;
  const named = new Map<string, string>();
  let pending: string[] = [];

  const cString = (data: Buffer, offset: number): [string, number] => {
    const end = data.indexOf(0, offset);
    return [data.toString("utf8", offset, end), end + 1];
  };

  return (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (isStartup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        // After an SSL/GSS request (answered "N" by a plain server) the real startup message follows.
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) isStartup = false;
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]!);
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const body = buffer.subarray(5, 1 + length);
      buffer = buffer.subarray(1 + length);
      if (type === "Q") {
        onRoundTrip([cString(body, 0)[0]]);
      } else if (type === "P") {
        const [name, next] = cString(body, 0);
        const [sql] = cString(body, next);
        if (name) named.set(name, sql);
        pending.push(sql);
      } else if (type === "B") {
        const [, next] = cString(body, 0);
        const [statement] = cString(body, next);
        const sql = statement ? named.get(statement) : undefined;
        if (sql && !pending.includes(sql)) pending.push(sql);
      } else if (type === "S") {
        onRoundTrip(pending.length ? pending : ["(sync)"]);
        pending = [];
      }
    }
  };
}

export async function startRoundTripCounter(databaseUrl: string): Promise<RoundTripCounter> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || 5432);
  const log: RoundTrip[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(client);
    sockets.add(upstream);
    const parse = frontendParser((sql) => log.push({ at: Date.now(), sql }));
    client.on("data", (chunk: Buffer) => {
      parse(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("relay has no address");
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(address.port);

  return {
    url: url.toString(),
    mark: () => log.length,
    since: (position) => log.slice(position),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A short name for a statement: `BEGIN`, `COMMIT`, `SELECT Task`, `INSERT RateLimitWindow`… */
export function statementLabel(sql: string): string {
  const verb = sql.trim().split(/\s+/)[0]?.toUpperCase() ?? "?";
  if (/^WITH$/i.test(verb)) {
    const inner = sql.match(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:"?public"?\.)?"?(\w+)"?/i);
    if (inner) return `${inner[1]!.split(/\s+/)[0]!.toUpperCase()} ${inner[2]}`;
  }
  const table = sql.match(/\b(?:FROM|INTO|UPDATE)\s+(?:"?public"?\.)?"?(\w+)"?/i)?.[1];
  return table ? `${verb} ${table}` : verb;
}
