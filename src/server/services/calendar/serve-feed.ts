// Serving the public calendar feed so that no visitor can stall Orbit with it: per-token and
// per-address request limits first (429), then one cheap statement for the version (304 before any
// rendering), the rendered body cached per feed and version (bounded LRU), and rendering itself
// coalesced per version, bounded (BOUNDS.calendarRenders: one at a time, a short queue, 503 beyond) and chunked.
// The limits and the cache are per process.
import type { DbClient } from "@/server/db";
import { rateLimited } from "@/server/errors";
import { BOUNDS } from "@/server/load/bounds";
import { concurrencyLimit } from "@/server/load/concurrency";
import { LruMap, windowCounter } from "@/server/lib/lru";
import { recordRateLimitRejection } from "@/server/operations/metrics";
import { feedVersion, matchesEtag, renderCalendarFeed } from "./calendar-feed";
import { FEED_TOKEN_PATTERN, hashFeedToken } from "./feed-token";

/** Requests one feed URL may make a minute: calendar apps poll every few minutes. */
export const FEED_REQUESTS_PER_TOKEN = 30;
/** Requests one client address may make a minute, over every feed URL (and unknown ones). */
export const FEED_REQUESTS_PER_ADDRESS = 120;
const MINUTE_MS = 60_000;

const perToken = windowCounter({ limit: FEED_REQUESTS_PER_TOKEN, windowMs: MINUTE_MS, maxKeys: 50_000 });
const perAddress = windowCounter({ limit: FEED_REQUESTS_PER_ADDRESS, windowMs: MINUTE_MS, maxKeys: 50_000 });
/** Rendered bodies by feed, with the ETag they were rendered for: 64 MiB at most (a capped feed is ~0.4 MB). */
const rendered = new LruMap<string, { etag: string; body: string }>({ maxEntries: 1_000, maxSize: 64 * 1024 * 1024, sizeOf: (entry) => entry.body.length });
/** Renders under way by ETag: concurrent requests for the same version share one. */
const rendering = new Map<string, Promise<string>>();
const renders = concurrencyLimit(BOUNDS.calendarRenders);
let renderCount = 0;

/** Calendars rendered by this process so far (the cache and 304s exist to keep this low). */
export const feedRenderCount = () => renderCount;

export type FeedAnswer = { status: 404 } | { status: 304; etag: string } | { status: 200; etag: string; body: string };

function throttle(limit: "calendar_token" | "calendar_address", retryAfterSeconds: number | undefined): void {
  if (retryAfterSeconds === undefined) return;
  recordRateLimitRejection(limit);
  throw rateLimited(retryAfterSeconds, "Too many requests for this calendar; Retry-After gives the seconds to wait.");
}

export async function serveCalendarFeed(db: DbClient, token: string, request: { ifNoneMatch: string | null; address?: string }, now = new Date()): Promise<FeedAnswer> {
  if (request.address) throttle("calendar_address", perAddress.hit(request.address, now.getTime()));
  if (!FEED_TOKEN_PATTERN.test(token)) return { status: 404 };
  throttle("calendar_token", perToken.hit(hashFeedToken(token), now.getTime()));
  const version = await feedVersion(db, token, now);
  if (!version) return { status: 404 };
  const { etag } = version;
  if (matchesEtag(request.ifNoneMatch, etag)) return { status: 304, etag };
  const cached = rendered.get(version.feedId);
  if (cached?.etag === etag) return { status: 200, etag, body: cached.body };

  let pending = rendering.get(etag);
  if (!pending) {
    pending = renders
      .run(() => {
        renderCount += 1;
        return renderCalendarFeed(db, version, now);
      })
      .finally(() => rendering.delete(etag));
    rendering.set(etag, pending);
  }
  const body = await pending;
  rendered.set(version.feedId, { etag, body });
  return { status: 200, etag, body };
}
