// Edge for the in-app REST routes (/api/app/*): Request -> the table's route (app-routes.ts) -> tRPC
// caller -> enveloped Response (or a file). Every route gets the session, the same-origin check, the
// body bounds and the NUL check; errors come in the envelope.
import { appRouter } from "@/server/api/root";
import { createCallerFactory } from "@/server/api/trpc";
import { AppError } from "@/server/errors";
import { isPage, successEnvelope } from "@/server/lib/envelope";
import { createRequestContext } from "@/server/http/request-context";
import { assertSameOrigin } from "@/server/http/origin";
import { errorResponse, jsonResponse } from "@/server/http/responses";
import { assertNoNulCharacters, readJsonBody } from "@/server/http/body";
import { withUploadedForm } from "@/server/http/multipart";
import { fileResponse } from "@/server/http/file-route";
import { observed } from "@/server/http/observe";
import { matchAppPath, type AppMethod, type AppRoute } from "@/server/http/app-routes";
import { allowOf, methodNotAllowed, nextOptionsAllow, noSuchRoute } from "@/server/http/route-table";

const createCaller = createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;

const callerFor = async (request: Request, resHeaders: Headers) =>
  createCaller(await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "session" }));

async function answerJson(request: Request, call: Extract<AppRoute, { kind: "json" }>["call"], params: Record<string, string>, status: number): Promise<Response> {
  const resHeaders = new Headers();
  try {
    assertSameOrigin(request.method, request.headers, request.url);
    const body = ["POST", "PUT", "PATCH", "DELETE"].includes(request.method) ? await readJsonBody(request) : undefined;
    const query = Object.fromEntries(new URL(request.url).searchParams);
    assertNoNulCharacters({ ...params, ...query }, "query");
    const result = await call(await callerFor(request, resHeaders), { body, query, params });
    const envelope = isPage(result) ? successEnvelope(result.items, { pagination: result.pagination }) : successEnvelope(result);
    return jsonResponse(envelope, status, resHeaders);
  } catch (error) {
    return errorResponse(error, resHeaders);
  }
}

async function answerFile(request: Request, call: Extract<AppRoute, { kind: "file" }>["call"]): Promise<Response> {
  const resHeaders = new Headers();
  try {
    assertSameOrigin(request.method, request.headers, request.url);
    const query = Object.fromEntries(new URL(request.url).searchParams);
    assertNoNulCharacters(query, "query");
    const file = await call(await callerFor(request, resHeaders), query);
    return fileResponse(file, resHeaders);
  } catch (error) {
    return errorResponse(error, resHeaders);
  }
}

async function answerRedirect(request: Request, call: Extract<AppRoute, { kind: "redirect" }>["call"]): Promise<Response> {
  const resHeaders = new Headers();
  try {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    assertNoNulCharacters(query, "query");
    const { location } = await call(await callerFor(request, resHeaders), query);
    resHeaders.set("location", location);
    resHeaders.set("cache-control", "no-store");
    return new Response(null, { status: 302, headers: resHeaders });
  } catch (error) {
    return errorResponse(error, resHeaders);
  }
}

async function answerForm(request: Request, route: Extract<AppRoute, { kind: "form" }>): Promise<Response> {
  const resHeaders = new Headers();
  try {
    assertSameOrigin(request.method, request.headers, request.url);
    const contentType = request.headers.get("content-type") ?? "";
    if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
      throw new AppError("validation_error", "Send the file as multipart/form-data.", { details: [{ field: "body", message: "must be multipart/form-data" }] });
    }
    const result = await withUploadedForm(request, route.limits, async (form) => route.call(await callerFor(request, resHeaders), form));
    return jsonResponse(successEnvelope(result), 200, resHeaders);
  } catch (error) {
    return errorResponse(error, resHeaders);
  }
}

function answerRoute(request: Request, route: AppRoute, params: Record<string, string>): Promise<Response> {
  switch (route.kind) {
    case "json":
      return answerJson(request, route.call, params, route.status ?? 200);
    case "file":
      return answerFile(request, route.call);
    case "json-or-file": {
      const format = new URL(request.url).searchParams.get("format");
      return format === null || format === "json" ? answerJson(request, (caller, { query }) => route.json(caller, query), {}, 200) : answerFile(request, route.file);
    }
    case "form":
      return answerForm(request, route);
    case "redirect":
      return answerRedirect(request, route.call);
  }
}

/**
 * Every method of /api/app/*: the table's route for the path and method, a 404 for a path it lacks and
 * a 405 with `Allow` for a method the path lacks (the proxy answers both first, from the same table).
 */
export const serveAppRequest = observed(async (request: Request): Promise<Response> => {
  const match = matchAppPath(new URL(request.url).pathname);
  if (!match) return errorResponse(noSuchRoute());
  // Next serves HEAD from GET.
  const method = (request.method === "HEAD" ? "GET" : request.method) as AppMethod;
  const route = match.path.routes.get(method);
  if (!route) return errorResponse(methodNotAllowed(request.method, allowOf(match.path.methods)));
  return answerRoute(request, route, match.params);
});

/** `OPTIONS`, answered as Next answers it for a route file with the path's methods (204, `Allow`, nothing observed). */
export function answerAppOptions(request: Request): Response {
  const match = matchAppPath(new URL(request.url).pathname);
  return new Response(null, { status: 204, headers: { Allow: nextOptionsAllow(match?.path.methods) } });
}
