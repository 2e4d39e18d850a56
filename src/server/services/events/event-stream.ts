// GET /api/v1/events/stream (app-api section 13): new events of the organization as Server-Sent Events.
// Woken by the NOTIFY the delivery workers listen to (one LISTEN per process, shared by every stream),
// with a heartbeat that also re-reads, so a lost notification costs at most one heartbeat. An event is
// sent once per stream, in (createdAt, id) order; because createdAt is taken before its transaction
// commits, each read looks back a short window for events committed late, skipping those already sent.
// `Last-Event-ID` resumes after that event. At most MAX_STREAMS_PER_KEY open per API key and process
// (BOUNDS.eventStreamsPerKey).
import type { Database, Db } from "@/server/db";
import { BOUNDS } from "@/server/load/bounds";
import { keyedConcurrencyLimit, type ConcurrencyLimit } from "@/server/load/concurrency";
import { trackOpenStream } from "@/server/operations/open-streams";
import { getLogger } from "@/server/operations/logger";
import { processState } from "@/server/process-state";
import { DELIVERY_CHANNEL } from "@/server/webhooks/events";

export const MAX_STREAMS_PER_KEY = BOUNDS.eventStreamsPerKey.concurrency();
export const HEARTBEAT_MS = 15_000;
/** How far back each read looks for events whose transaction committed after later ones. */
const LATE_COMMIT_WINDOW_MS = 15_000;
const PAGE = 200;
/** Pages one read walks at most; the next wake or heartbeat goes on from there. */
const PAGES_PER_READ = 10;

interface EventRow {
  id: string;
  createdAt: Date;
  payload: string;
  type: string;
}

/** The process's open streams' wake-ups, and its one LISTEN (undefined until a stream starts it). */
const wakers = processState("eventStreamWakers", () => new Set<() => void>());
const listening = processState("eventStreamListening", () => ({ started: undefined as Promise<unknown> | undefined }));
const streamsPerKey = keyedConcurrencyLimit(BOUNDS.eventStreamsPerKey, processState("eventStreamsPerKey", () => new Map<string, ConcurrencyLimit>()));

/** One LISTEN for the whole process, started by the first stream. */
function listenOnce(database: Database): void {
  listening.started ??= database
    .listen(DELIVERY_CHANNEL, () => {
      for (const wake of wakers) wake();
    })
    .catch((error: unknown) => {
      listening.started = undefined;
      getLogger().warn({ err: error }, "events stream: LISTEN failed; streams fall back to their heartbeat");
    });
}

const encoder = new TextEncoder();

function sseEvent(row: EventRow): Uint8Array {
  return encoder.encode(`id: ${row.id}\nevent: ${row.type}\ndata: ${row.payload}\n\n`);
}

export interface EventStreamOptions {
  database: Database;
  organizationId: string;
  apiKeyId: string;
  lastEventId?: string | null;
  signal: AbortSignal;
  heartbeatMs?: number;
}

async function eventsAfter(db: Db, organizationId: string, after: { createdAt: Date; id: string }): Promise<EventRow[]> {
  return db.$queryRaw<EventRow[]>`
    SELECT "id", "createdAt", "payload", "type" FROM "WebhookEvent"
    WHERE "organizationId" = ${organizationId} AND NOT "isTest"
      AND ("createdAt", "id") > (${after.createdAt.toISOString()}::timestamp(3), ${after.id})
    ORDER BY "createdAt", "id"
    LIMIT ${PAGE}::int`;
}

/** Opens the stream: a 429 past the key's bound, else the SSE body, which ends when the client leaves or the server stops. */
export async function openEventStream(options: EventStreamOptions): Promise<ReadableStream<Uint8Array>> {
  const { database, organizationId } = options;
  const db = database.prisma;
  // Counted against its key's bound for the stream's lifetime; past it, a 429 at once.
  const release = await streamsPerKey.enter(options.apiKeyId);

  // Where the stream starts: after the event the client saw last, else now.
  let start = { createdAt: new Date(), id: "" };
  if (options.lastEventId) {
    const seen = await db.webhookEvent
      .findFirst({ where: { id: options.lastEventId, organizationId, isTest: false }, select: { id: true, createdAt: true } })
      .catch((error: unknown) => {
        release();
        throw error;
      });
    if (seen) start = seen;
  }
  /** Ids sent within the late-commit window, and the newest createdAt sent. */
  const sent = new Map<string, number>();
  let newest = start.createdAt.getTime();
  let isClosed = false;
  let isReading = false;
  let isReadRequested = false;

  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let heartbeat: NodeJS.Timeout | undefined;
  let untrack: () => void = () => {};
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    wakers.delete(wake);
    untrack();
    release();
    try {
      controller.close();
    } catch {
      // Already closed by the client.
    }
  };

  const read = async () => {
    // From the window before the newest event sent, never from before where the stream started.
    const windowStart = newest - LATE_COMMIT_WINDOW_MS;
    let after = windowStart > start.createdAt.getTime() ? { createdAt: new Date(windowStart), id: "" } : start;
    for (let page = 0; page < PAGES_PER_READ && !isClosed; page += 1) {
      const rows = await eventsAfter(db, organizationId, after);
      for (const row of rows) {
        after = row;
        if (sent.has(row.id)) continue;
        controller.enqueue(sseEvent(row));
        sent.set(row.id, row.createdAt.getTime());
        newest = Math.max(newest, row.createdAt.getTime());
      }
      if (rows.length < PAGE) break;
    }
    for (const [id, createdAt] of sent) if (createdAt < newest - LATE_COMMIT_WINDOW_MS) sent.delete(id);
  };

  /** Reads now, or once more after the read under way: never two at once, never a wake lost. */
  function wake(): void {
    if (isClosed) return;
    if (isReading) {
      isReadRequested = true;
      return;
    }
    isReading = true;
    void (async () => {
      try {
        do {
          isReadRequested = false;
          await read();
        } while (isReadRequested && !isClosed);
      } catch (error) {
        getLogger().warn({ err: error }, "events stream: read failed; the next wake or heartbeat reads again");
      } finally {
        isReading = false;
      }
    })();
  }

  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`));
      untrack = trackOpenStream(close);
      wakers.add(wake);
      listenOnce(database);
      heartbeat = setInterval(() => {
        if (isClosed) return;
        controller.enqueue(encoder.encode(`: heartbeat\n\n`));
        wake();
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      options.signal.addEventListener("abort", close, { once: true });
      wake();
    },
    cancel() {
      close();
    },
  });
}
