// GET /api/calendar/<token>.ics: the secret-URL calendar of one user's recent time logs. No session
// or key: the token is the credential. ETag / If-None-Match answer 304 when nothing changed.
import { getDb } from "@/server/db";
import { observed } from "@/server/http/observe";
import { matchesEtag, renderCalendarFeed } from "@/server/services/calendar/calendar-feed";

function notFound(): Response {
  return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

// Observed like every API route: logged and measured by its route template (never the token), with the request id and security headers.
export const GET = observed(async (request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> => {
  const { token: segment } = await params;
  if (!segment.endsWith(".ics")) return notFound();
  const feed = await renderCalendarFeed(await getDb(), segment.slice(0, -".ics".length));
  if (!feed) return notFound();
  // Private: the URL is a secret, so shared caches must not keep it; clients revalidate with the ETag.
  const headers = { etag: feed.etag, "cache-control": "private, no-cache" };
  if (matchesEtag(request.headers.get("if-none-match"), feed.etag)) return new Response(null, { status: 304, headers });
  return new Response(feed.body, { status: 200, headers: { ...headers, "content-type": "text/calendar; charset=utf-8" } });
});
