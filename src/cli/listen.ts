// `orbit listen` (app-api section 13): follows the events stream and POSTs each event to a local URL
// with the headers and signatures of a real delivery (the sender's own functions), signed with a secret
// made at start, so a receiver can be built and tested on a laptop without a public URL. Nothing is
// recorded on the server: these are not deliveries. The stream is resumed with Last-Event-ID after a
// dropped connection, so no event is skipped.
import { randomBytes } from "node:crypto";
import { deliveryHeaders } from "@/server/webhooks/send";
import { signatureHeader, standardSignatureHeader } from "@/server/webhooks/sign";
import type { EventType } from "@/server/webhooks/events";

export interface ListenOptions {
  server: string;
  apiKey: string;
  forwardTo: string;
  /** Only these types; every type when empty. */
  types: EventType[];
  signal?: AbortSignal;
  print?: (line: string) => void;
}

interface StreamMessage {
  id: string;
  event: string;
  data: string;
}

/** Server-Sent Events from a response body, message by message (comments and retry lines skipped). */
async function* messages(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamMessage> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffer += decoder.decode(chunk.value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
      const fields: Record<string, string> = {};
      for (const line of buffer.slice(0, end).split("\n")) {
        const colon = line.indexOf(":");
        if (colon <= 0) continue;
        fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, "");
      }
      buffer = buffer.slice(end + 2);
      if (fields.id && fields.event && fields.data !== undefined) yield { id: fields.id, event: fields.event, data: fields.data };
    }
  }
}

/** POSTs one event as a delivery would be sent; returns the printed outcome. */
async function forward(options: ListenOptions, secret: string, message: StreamMessage, signal?: AbortSignal): Promise<string> {
  const body = Buffer.from(message.data, "utf8");
  const timestamp = Math.floor(Date.now() / 1000);
  const { "Content-Length": _length, ...headers } = deliveryHeaders({ deliveryId: `listen_${randomBytes(8).toString("hex")}`, eventId: message.id, eventType: message.event }, body, {
    timestamp: String(timestamp),
    signature: signatureHeader(secret, body, timestamp),
    standardSignature: standardSignatureHeader(secret, message.id, body, timestamp),
  });
  const started = performance.now();
  try {
    const response = await fetch(options.forwardTo, { method: "POST", headers, body, redirect: "manual", signal });
    await response.arrayBuffer().catch(() => undefined);
    return `${response.status} (${Math.round(performance.now() - started)} ms)`;
  } catch (error) {
    return `failed: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`;
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Runs until the signal aborts (0) or the server refuses the key for good (1). */
export async function listen(options: ListenOptions): Promise<number> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const streamUrl = new URL("/api/v1/events/stream", options.server);
  const only = new Set(options.types);
  print(`Forwarding ${only.size ? [...only].join(", ") : "every event"} from ${options.server} to ${options.forwardTo}`);
  print(`Signing secret: ${secret}   (verify deliveries with it as you would an endpoint's secret)`);
  let lastEventId: string | undefined;
  let waitMs = 1_000;
  while (!options.signal?.aborted) {
    try {
      const response = await fetch(streamUrl, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        signal: options.signal,
      });
      if (!response.ok || !response.body) {
        const refusal = (await response.json().catch(() => ({}))) as { message?: string };
        print(`The server answered ${response.status}: ${refusal.message ?? response.statusText}`);
        if ([401, 402, 403, 404].includes(response.status)) return 1;
        waitMs = Math.max(waitMs, Number(response.headers.get("retry-after") ?? 0) * 1_000);
      } else {
        print("Ready: listening for events (Ctrl-C to stop).");
        waitMs = 1_000;
        for await (const message of messages(response.body)) {
          lastEventId = message.id;
          if (only.size && !only.has(message.event as EventType)) continue;
          print(`${new Date().toISOString()}  ${message.event}  ${message.id}  -> ${await forward(options, secret, message, options.signal)}`);
        }
        print("The stream closed; reconnecting.");
      }
    } catch (error) {
      if (options.signal?.aborted) break;
      print(`Connection lost (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}); reconnecting.`);
    }
    await sleep(waitMs, options.signal);
    waitMs = Math.min(waitMs * 2, 30_000);
  }
  return 0;
}
