// GET /api/v1/events/stream, answered beside trpc-to-openapi (v1-route.ts sends it here): admitted like
// every route (scope events:read), then a stream that stays open (HEAD: its headers only).
import type { RequestContext } from "@/server/api/trpc";
import { admitApiRequest } from "@/server/api/middleware/admit";
import { getDatabase } from "@/server/db";
import type { V1Answer, V1Request } from "@/server/http/v1-route";
import { openEventStream } from "@/server/services/events/event-stream";

export async function answerEventStream(request: V1Request, context: RequestContext, resHeaders: Headers): Promise<V1Answer> {
  const { apiKey } = await admitApiRequest(context, ["events:read"]);
  resHeaders.set("content-type", "text/event-stream; charset=utf-8");
  resHeaders.set("cache-control", "no-store, no-transform");
  if (request.method === "HEAD") return { status: 200, headers: resHeaders, json: "" };
  const stream = await openEventStream({
    database: await getDatabase(),
    organizationId: apiKey.organizationId,
    apiKeyId: apiKey.id,
    lastEventId: request.headers.get("last-event-id"),
    signal: request.signal,
  });
  resHeaders.set("x-accel-buffering", "no");
  return { status: 200, headers: resHeaders, json: "", stream };
}
