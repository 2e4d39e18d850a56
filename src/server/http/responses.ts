// The JSON responses every edge answers with: a body and a status, never cached; errors in the envelope.
import { toAppError } from "@/server/errors";
import { errorEnvelope } from "@/server/lib/envelope";

export function jsonResponse(body: unknown, status: number, headers?: Headers): Response {
  const response = Response.json(body, { status, headers });
  response.headers.set("cache-control", "no-store");
  return response;
}

/** A JSON answer before it becomes a response (a Web Response or Node's own). */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  json: string;
}

/** The error envelope of `error` with its status and headers (Retry-After, Allow, ...), added to `headers`. */
export function errorAnswer(error: unknown, headers: Headers): JsonAnswer {
  const appError = toAppError(error);
  for (const [name, value] of Object.entries(appError.headers ?? {})) headers.set(name, value);
  headers.set("content-type", "application/json");
  headers.set("cache-control", "no-store");
  return { status: appError.status, headers, json: JSON.stringify(errorEnvelope(appError)) };
}

export function errorResponse(error: unknown, headers?: Headers): Response {
  const appError = toAppError(error);
  const responseHeaders = new Headers(headers);
  for (const [name, value] of Object.entries(appError.headers ?? {})) responseHeaders.set(name, value);
  return jsonResponse(errorEnvelope(appError), appError.status, responseHeaders);
}
