// GET /api/calendar/<token>.ics: the secret-URL calendar of one user's recent time logs. No session
// or key: the token is the credential. ETag / If-None-Match answer 304 before anything is rendered;
// limits, cache and bounded rendering in services/calendar/serve-feed.ts.
import { getDb } from "@/server/db";
import { clientAddressOf } from "@/server/http/client-address";
import { observed } from "@/server/http/observe";
import { errorResponse } from "@/server/http/responses";
import { serveCalendarFeed } from "@/server/services/calendar/serve-feed";

function notFound(): Response {
  return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

// Observed like every API route: logged and measured by its route template (never the token), with the request id and security headers.
export const GET = observed(async (request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> => {
  const { token: segment } = await params;
  if (!segment.endsWith(".ics")) return notFound();
  try {
    const feed = await serveCalendarFeed(await getDb(), segment.slice(0, -".ics".length), {
      ifNoneMatch: request.headers.get("if-none-match"),
      address: clientAddressOf(request.headers),
    });
    if (feed.status === 404) return notFound();
    // Private: the URL is a secret, so shared caches must not keep it; clients revalidate with the ETag.
    const headers = { etag: feed.etag, "cache-control": "private, no-cache" };
    if (feed.status === 304) return new Response(null, { status: 304, headers });
    return new Response(feed.body, { status: 200, headers: { ...headers, "content-type": "text/calendar; charset=utf-8" } });
  } catch (error) {
    return errorResponse(error);
  }
});
