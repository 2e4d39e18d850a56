// tRPC endpoint for the web app. Errors keep tRPC's shape here; data.appCode carries our code.
// Bounded like every edge: a 1 MiB body, JSON nested at most MAX_JSON_DEPTH deep, at most
// TRPC_MAX_BATCH_SIZE calls per batch.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/api/root";
import { createRequestContext } from "@/server/http/request-context";
import { assertSameOrigin } from "@/server/http/origin";
import { errorResponse } from "@/server/http/responses";
import { toAppError } from "@/server/errors";
import { parseClientJson, readBodyText } from "@/server/http/body";
import { observed } from "@/server/http/observe";
import { TRPC_MAX_BATCH_SIZE } from "@/trpc/limits";

/** The request with its body read under the size limit and its JSON (body and `input` query) checked for depth and NUL. */
async function boundedRequest(request: Request): Promise<Request> {
  assertSameOrigin(request.method, request.headers, request.url);
  const query = new URL(request.url).searchParams.get("input");
  if (query) parseClientJson(query, "input must be valid JSON");
  if (request.method !== "POST") return request;
  const body = await readBodyText(request);
  if (body.trim()) parseClientJson(body);
  return new Request(request.url, { method: request.method, headers: request.headers, body });
}

async function handler(request: Request): Promise<Response> {
  let bounded: Request;
  try {
    bounded = await boundedRequest(request);
  } catch (error) {
    return errorResponse(error);
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: bounded,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ resHeaders }) => createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "session" }),
    // An error's own headers (Retry-After of a 429 or 503) go on the response, as at the REST edges.
    responseMeta: ({ errors }) => ({ headers: Object.assign({}, ...errors.map((error) => toAppError(error, { log: false }).headers ?? {})) as Record<string, string> }),
  });
}

const observedHandler = observed(handler);

export { observedHandler as GET, observedHandler as POST };
