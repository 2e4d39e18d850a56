// The JSON responses every edge answers with: a body and a status, never cached; errors in the envelope.
import { toAppError } from "@/server/errors";
import { errorEnvelope } from "@/server/lib/envelope";

export function jsonResponse(body: unknown, status: number, headers?: Headers): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set("cache-control", "no-store");
  return response;
}

/** An already serialized JSON body (the adapter's), passed through as it is. */
export function serializedJsonResponse(json: string, status: number, headers: Headers): Response {
  headers.set("content-type", "application/json");
  headers.set("cache-control", "no-store");
  return new Response(json, { status, headers });
}

export function errorResponse(error: unknown, headers?: Headers): Response {
  const appError = toAppError(error);
  const responseHeaders = new Headers(headers);
  for (const [name, value] of Object.entries(appError.headers ?? {})) responseHeaders.set(name, value);
  return jsonResponse(errorEnvelope(appError), appError.status, responseHeaders);
}
