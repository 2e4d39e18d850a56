// Edge for the in-app REST routes (/api/app/*): Request -> tRPC caller -> enveloped Response.
import { appRouter } from "@/server/api/root";
import { createCallerFactory } from "@/server/api/trpc";
import { AppError } from "@/server/errors";
import { isPage, successEnvelope } from "@/server/lib/envelope";
import { createRequestContext } from "@/server/http/request-context";
import { assertSameOrigin } from "@/server/http/origin";
import { errorResponse, jsonResponse } from "@/server/http/responses";
import { assertNoNulCharacters, readJsonBody } from "@/server/http/body";
import { observed } from "@/server/http/observe";

const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;

type RouteParams = Record<string, string | string[]>;
interface RouteArgs {
  params: Promise<RouteParams>;
}

export interface AppRouteInput {
  /** Parsed JSON body (POST/PUT/PATCH) or undefined. */
  body: unknown;
  /** Query-string parameters. */
  query: Unvalidated;
  /** Path parameters by name; the procedure's input schema validates them. */
  params: Unvalidated;
}

/**
 * Wraps a procedure call as a Next route handler. The callback picks the procedure and shapes its
 * input; the result is enveloped (lists given as {items, pagination}) with `status` on success.
 */
export function appRoute(call: (caller: AppCaller, input: AppRouteInput) => Promise<unknown>, options: { status?: number } = {}) {
  return observed(async (request: Request, args?: RouteArgs): Promise<Response> => {
    const resHeaders = new Headers();
    try {
      assertSameOrigin(request.method, request.headers, request.url);
      const raw = (await args?.params) ?? {};
      const params = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]));
      const body = ["POST", "PUT", "PATCH", "DELETE"].includes(request.method) ? await readJsonBody(request) : undefined;
      const query = Object.fromEntries(new URL(request.url).searchParams);
      assertNoNulCharacters({ ...params, ...query }, "query");
      const caller = createCaller(await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "session" }));
      const result = await call(caller, { body, query, params });
      const envelope = isPage(result) ? successEnvelope(result.items, { pagination: result.pagination }) : successEnvelope(result);
      return jsonResponse(envelope, options.status ?? 200, resHeaders);
    } catch (error) {
      return errorResponse(error, resHeaders);
    }
  });
}

/** Input handed to a procedure, which validates it with its own zod schema. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Unvalidated = any;

/** The body as an object for a procedure's input; a non-object body is a validation error. */
export function bodyObject(body: unknown): Unvalidated {
  if (body === undefined) return {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("validation_error", "Request body must be a JSON object.", { details: [{ field: "body", message: "must be a JSON object" }] });
  }
  return body;
}
