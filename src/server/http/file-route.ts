// Edges for in-app routes that answer a file (a CSV or PDF report, the export) instead of the JSON
// envelope, or take an upload (an import); errors still come in the envelope. Same session and origin
// checks as appRoute.
import { appRouter } from "@/server/api/root";
import { createCallerFactory } from "@/server/api/trpc";
import { createRequestContext } from "@/server/http/request-context";
import { assertSameOrigin } from "@/server/http/origin";
import { errorResponse, jsonResponse } from "@/server/http/responses";
import { assertNoNulCharacters } from "@/server/http/body";
import { type UploadedForm, type UploadLimits, withUploadedForm } from "@/server/http/multipart";
import { successEnvelope } from "@/server/lib/envelope";
import { AppError } from "@/server/errors";
import { observed } from "@/server/http/observe";
import type { AppCaller, Unvalidated } from "@/server/http/app-route";
import type { FileView } from "@/server/contract/file";

const createCaller = createCallerFactory(appRouter);

/** The file as a download, never cached. */
export function fileResponse(file: FileView, headers: Headers = new Headers()): Response {
  headers.set("content-type", file.contentType);
  headers.set("content-disposition", `attachment; filename="${file.filename}"`);
  headers.set("cache-control", "no-store");
  const body = file.body instanceof Uint8Array ? new Uint8Array(file.body) : file.body;
  return new Response(body, { status: 200, headers });
}

/** A GET whose procedure returns a file, from the query string. */
export function fileRoute(call: (caller: AppCaller, query: Unvalidated) => Promise<FileView>) {
  return observed(async (request: Request): Promise<Response> => {
    const resHeaders = new Headers();
    try {
      assertSameOrigin(request.method, request.headers, request.url);
      const query = Object.fromEntries(new URL(request.url).searchParams);
      assertNoNulCharacters(query, "query");
      const context = await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "session" });
      const file = await call(createCaller(context), query);
      return fileResponse(file, resHeaders);
    } catch (error) {
      return errorResponse(error, resHeaders);
    }
  });
}

/** A POST of a multipart form, read as a stream (see withUploadedForm); the procedure's result in the envelope. */
export function formRoute(call: (caller: AppCaller, form: UploadedForm) => Promise<unknown>, limits: UploadLimits) {
  return observed(async (request: Request): Promise<Response> => {
    const resHeaders = new Headers();
    try {
      assertSameOrigin(request.method, request.headers, request.url);
      const contentType = request.headers.get("content-type") ?? "";
      if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
        throw new AppError("validation_error", "Send the file as multipart/form-data.", { details: [{ field: "body", message: "must be multipart/form-data" }] });
      }
      const result = await withUploadedForm(request, limits, async (form) => {
        const context = await createRequestContext({ headers: request.headers, url: request.url, resHeaders, credential: "session" });
        return call(createCaller(context), form);
      });
      return jsonResponse(successEnvelope(result), 200, resHeaders);
    } catch (error) {
      return errorResponse(error, resHeaders);
    }
  });
}
