// A file (a CSV or PDF report, the export) as the answer of a route instead of the JSON envelope: the
// in-app file routes (app-route.ts) and the shared report's CSV.
import type { FileView } from "@/server/contract/file";

/** The file as a download, never cached. */
export function fileResponse(file: FileView, headers: Headers = new Headers()): Response {
  headers.set("content-type", file.contentType);
  headers.set("content-disposition", `attachment; filename="${file.filename}"`);
  headers.set("cache-control", "no-store");
  const body = file.body instanceof Uint8Array ? new Uint8Array(file.body) : file.body;
  return new Response(body, { status: 200, headers });
}
