// Edge for the public API: /api/v1/* is served from the tRPC routers by trpc-to-openapi. What the
// adapter does by default that the contract forbids is corrected here, in one place: its error and
// 404 bodies (replaced by our envelope), its body parsing (we enforce 1 MiB, JSON objects only) and
// the success status (201 for creates, from the procedure's meta).
import { TRPCError } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import { procedureMeta } from "@/server/api/procedure-meta";
import { appRouter } from "@/server/api/root";
import { findApiKey } from "@/server/api/middleware/api-key";
import { AppError } from "@/server/errors";
import { createRequestContext, errorResponse, jsonResponse } from "@/server/http/app-route";
import { assertNoNulCharacters, readJsonBody } from "@/server/http/body";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/** The adapter's own routing misses are a 404 in our words; everything else maps through toAppError. */
function fromAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (error instanceof TRPCError && !(error.cause instanceof AppError) && (code === "NOT_FOUND" || code === "METHOD_NOT_SUPPORTED")) {
    return new AppError("not_found", "No such API route.");
  }
  return error;
}

/** The adapter collects the query into a plain object, where `toString` or `__proto__` would hit its prototype; NUL cannot reach PostgreSQL. */
function assertPlainQueryKeys(query: URLSearchParams): void {
  for (const key of query.keys()) {
    if (key in Object.prototype) throw new AppError("validation_error", `Unknown query parameter: ${key}`, { details: [{ field: key, message: "unknown query parameter" }] });
  }
  assertNoNulCharacters(Object.fromEntries(query), "query");
}

export async function handleV1Request(request: Request): Promise<Response> {
  const resHeaders = new Headers();
  try {
    assertPlainQueryKeys(new URL(request.url).searchParams);
    const context = await createRequestContext(request, resHeaders);
    let body: string | undefined;
    if (METHODS_WITH_BODY.has(request.method)) {
      // An unauthenticated caller gets its 401 without the server reading, let alone parsing, a body.
      context.apiKey = await findApiKey(context.db, request.headers.get("authorization"));
      const parsed = (await readJsonBody(request)) ?? {};
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        throw new AppError("validation_error", "Request body must be a JSON object.", { details: [{ field: "body", message: "must be a JSON object" }] });
      }
      body = JSON.stringify(parsed);
    }
    const headers = new Headers(request.headers);
    if (body !== undefined) headers.set("content-type", "application/json");
    const forwarded = new Request(request.url, { method: request.method, headers, body });

    let failure: unknown;
    let successStatus = 200;
    const response = await createOpenApiFetchHandler({
      endpoint: "/api",
      req: forwarded,
      router: appRouter,
      createContext: () => context,
      onError: ({ error }) => {
        failure = error;
      },
      responseMeta: ({ paths, errors }) => {
        if (!errors.length) successStatus = procedureMeta(paths?.[0])?.successStatus ?? 200;
        return {};
      },
    });
    if (failure !== undefined) return errorResponse(fromAdapterError(failure), resHeaders);
    return jsonResponse(JSON.parse(await response.text()), successStatus, resHeaders);
  } catch (error) {
    return errorResponse(fromAdapterError(error), resHeaders);
  }
}
