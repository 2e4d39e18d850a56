// The events API (app-api section 13) through the real v1 edge and a real database: the list as the
// webhook bodies with its filters and keyset pages, test events left out, other organizations never
// seen; the stream read while events commit, resumed with Last-Event-ID, bounded per key, closed at stop.
import { afterEach, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "@/server/db";
import { fanOutAll } from "@/server/webhooks/fan-out";
import { closeOpenStreams } from "@/server/operations/open-streams";
import { MAX_STREAMS_PER_KEY, openEventStream } from "@/server/services/events/event-stream";
import { expectErrorEnvelope } from "../harness/assertions";
import { apiOrganization, type SignedInUser } from "../harness/factories";
import { BASE_URL, dispatch } from "../harness/http";
import { insertEndpoint } from "../harness/webhook-endpoints";

const HOUR = 3_600_000;
let sequence = 0;

/** Commits time logs through the in-app sync route; each emits one time_log.created event. */
async function logTime(admin: SignedInUser, count = 1) {
  const entries = Array.from({ length: count }, () => ({
    clientSessionId: `events-${Date.now()}-${(sequence += 1)}`,
    description: `Entry ${sequence}`,
    startedAt: new Date(Date.now() - HOUR).toISOString(),
    durationSeconds: 600,
    source: "manual",
  }));
  const response = await admin.client.post("/api/app/time-logs/sync", { entries });
  expect(response.status, response.text).toBe(200);
  return response.body.data.committed as { id: string }[];
}

/** Reads Server-Sent Events from a streaming response, a message at a time. */
function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    /** The next message with an id (comments and the retry line skipped). */
    async next(): Promise<{ id: string; event: string; data: unknown }> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split("\n").filter((line) => !line.startsWith(":") && line.includes(": ")).map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]));
          if (fields.id) return { id: fields.id, event: fields.event!, data: JSON.parse(fields.data!) };
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error("stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** Resolves when the server ends the stream. */
    async ended(): Promise<void> {
      for (;;) if ((await reader.read()).done) return;
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

const aborts: AbortController[] = [];
afterEach(() => {
  for (const controller of aborts.splice(0)) controller.abort();
});

function openStream(key: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  aborts.push(controller);
  return dispatch(new Request(new URL("/api/v1/events/stream", BASE_URL), { headers: { authorization: `Bearer ${key}`, ...headers }, signal: controller.signal }));
}

describe("GET /api/v1/events", () => {
  it("lists the organization's events newest first as the bodies their deliveries carry, page by page", async () => {
    const { admin, api } = await apiOrganization();
    const other = await apiOrganization();
    await logTime(admin, 3);
    await logTime(other.admin, 2);
    const db = await getDb();
    const stored = await db.webhookEvent.findMany({ where: { organizationId: admin.organizationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect(stored).toHaveLength(3);

    const first = await api.get("/api/v1/events?limit=2");
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual(stored.slice(0, 2).map((event) => JSON.parse(event.payload)));
    expect(first.body.data[0]).toEqual({ id: stored[0]!.id, type: "time_log.created", createdAt: expect.any(String), data: expect.objectContaining({ organizationId: admin.organizationId }) });
    expect(first.body.pagination).toEqual({ hasMore: true, cursor: expect.any(String) });
    const second = await api.get(`/api/v1/events?limit=2&cursor=${first.body.pagination.cursor}`);
    expect(second.body.data.map((event: { id: string }) => event.id)).toEqual([stored[2]!.id]);
    expect(second.body.pagination).toEqual({ hasMore: false });
  });

  it("filters by type, since and undelivered, and leaves console test events out", async () => {
    const { admin, api } = await apiOrganization();
    const db = await getDb();
    const endpoint = await insertEndpoint(admin.organizationId, { url: "https://receiver.example.com/hook" });
    await logTime(admin, 2);
    await fanOutAll(db);
    const [delivered, pending] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "asc" } });
    await db.webhookDelivery.update({ where: { id: delivered!.id }, data: { status: "success", completedAt: new Date() } });
    const test = await admin.client.post(`/api/app/webhooks/${endpoint.id}/test`, { eventType: "invoice.created" });
    expect(test.status, test.text).toBe(202);

    const all = await api.get("/api/v1/events");
    expect(all.body.data.map((event: { id: string }) => event.id).sort()).toEqual([delivered!.eventId, pending!.eventId].sort());
    expect((await api.get("/api/v1/events?undelivered=true")).body.data.map((event: { id: string }) => event.id)).toEqual([pending!.eventId]);
    expect((await api.get("/api/v1/events?type=invoice.created")).body.data).toEqual([]);
    expect((await api.get("/api/v1/events?type=time_log.created")).body.data).toHaveLength(2);
    expect((await api.get(`/api/v1/events?since=${encodeURIComponent(new Date(Date.now() + HOUR).toISOString())}`)).body.data).toEqual([]);
    expect((await api.get(`/api/v1/events?since=${encodeURIComponent(new Date(Date.now() - HOUR).toISOString())}`)).body.data).toHaveLength(2);

    for (const query of ["type=task.created", "since=yesterday", "undelivered=1", "limit=0"]) {
      const response = await api.get(`/api/v1/events?${query}`);
      expectErrorEnvelope(response, 400, "validation_error");
      expect(response.body.details[0].field).toBe(query.slice(0, query.indexOf("=")));
    }
  });
});

describe("GET /api/v1/events/stream", () => {
  it("sends each event as it commits, once, with its id and type, and resumes after Last-Event-ID", async () => {
    const { admin, key } = await apiOrganization();
    const other = await apiOrganization();
    const response = await openStream(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("ratelimit-limit")).toMatch(/^\d+$/);
    const stream = sseReader(response);

    const [log] = await logTime(admin);
    await logTime(other.admin);
    const [second] = await logTime(admin);
    const db = await getDb();
    const events = await db.webhookEvent.findMany({ where: { organizationId: admin.organizationId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const firstMessage = await stream.next();
    expect(firstMessage).toEqual({ id: events[0]!.id, event: "time_log.created", data: JSON.parse(events[0]!.payload) });
    expect((firstMessage.data as { data: { timeLog: { id: string } } }).data.timeLog.id).toBe(log!.id);
    const secondMessage = await stream.next();
    expect(secondMessage.id).toBe(events[1]!.id);
    expect((secondMessage.data as { data: { timeLog: { id: string } } }).data.timeLog.id).toBe(second!.id);
    await stream.cancel();

    // Reconnecting after the first event: the second comes again, then a new one.
    const resumed = sseReader(await openStream(key, { "last-event-id": events[0]!.id }));
    expect((await resumed.next()).id).toBe(events[1]!.id);
    await logTime(admin);
    const third = await db.webhookEvent.findFirstOrThrow({ where: { organizationId: admin.organizationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect((await resumed.next()).id).toBe(third.id);
    await resumed.cancel();
  });

  it("needs events:read and the plan like every route, and allows five streams per key", async () => {
    const { admin, key } = await apiOrganization(["tasks:read"]);
    expectErrorEnvelope(await responseOf(openStream(key)), 403, "forbidden");
    expectErrorEnvelope(await responseOf(openStream("sk_" + "1".repeat(64))), 401, "unauthorized");
    const allowed = await apiOrganization(["events:read"]);
    const open = await Promise.all(Array.from({ length: MAX_STREAMS_PER_KEY }, () => openStream(allowed.key)));
    expect(open.map((response) => response.status)).toEqual(Array(MAX_STREAMS_PER_KEY).fill(200));
    const refused = await responseOf(openStream(allowed.key));
    expectErrorEnvelope(refused, 429, "rate_limit_exceeded");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Closing one frees its place.
    aborts.at(-2)!.abort();
    await expect.poll(async () => (await openStream(allowed.key)).status).toBe(200);
    expect(admin.organizationId).not.toBe(allowed.admin.organizationId);
  });

  it("reads on its heartbeat when no notification comes, and ends cleanly when the server stops", async () => {
    const { admin, keyId } = await apiOrganization();
    const controller = new AbortController();
    aborts.push(controller);
    // A database whose notifications never arrive: only the heartbeat can find the event.
    const database = { ...(await getDatabase()), listen: async () => async () => {} };
    const body = await openEventStream({ database, organizationId: admin.organizationId, apiKeyId: keyId, signal: controller.signal, heartbeatMs: 50 });
    const stream = sseReader(new Response(body));
    await logTime(admin);
    expect((await stream.next()).event).toBe("time_log.created");
    expect(closeOpenStreams()).toBeGreaterThanOrEqual(1);
    await stream.ended();
  });
});

async function responseOf(pending: Promise<Response>) {
  const response = await pending;
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}
