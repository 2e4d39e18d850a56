// The free read-only calendar feed (app-api section 9): one secret URL per user, and the RFC 5545
// calendar of that user's time logs of the last 90 days.
import { createHash } from "node:crypto";
import ical from "ical-generator";
import type { CalendarFeedView } from "@/server/contract/calendar-feed";
import type { DbClient } from "@/server/db";
import type { Actor } from "@/server/services/auth/account";
import { FEED_TOKEN_PATTERN, generateFeedToken, hashFeedToken, sealFeedToken, unsealFeedToken } from "./feed-token";

export const FEED_WINDOW_DAYS = 90;
/** A feed never grows past this many events (newest kept): 90 days of 20 logs a day fit. */
export const MAX_FEED_EVENTS = 2000;

export function feedUrl(origin: string, token: string): string {
  return `${origin}/api/calendar/${token}.ics`;
}

/** The caller's feed URL, or null when they have none (or it can no longer be shown). */
export async function getCalendarFeed(db: DbClient, actor: Actor, origin: string): Promise<CalendarFeedView | null> {
  const feed = await db.calendarFeed.findUnique({ where: { userId: actor.userId }, select: { organizationId: true, sealedToken: true } });
  if (!feed || feed.organizationId !== actor.organizationId) return null;
  const token = await unsealFeedToken(feed.sealedToken);
  return token ? { url: feedUrl(origin, token) } : null;
}

/** A new secret URL for the caller; the previous one stops working in the same statement. */
export async function createCalendarFeed(db: DbClient, actor: Actor, origin: string): Promise<CalendarFeedView> {
  const token = generateFeedToken();
  const data = { organizationId: actor.organizationId, tokenHash: hashFeedToken(token), sealedToken: await sealFeedToken(token), createdAt: new Date() };
  await db.calendarFeed.upsert({ where: { userId: actor.userId }, create: { userId: actor.userId, ...data }, update: data });
  return { url: feedUrl(origin, token) };
}

/** Ends the caller's URL; idempotent. */
export async function revokeCalendarFeed(db: DbClient, actor: Actor): Promise<{ success: true }> {
  await db.calendarFeed.deleteMany({ where: { userId: actor.userId, organizationId: actor.organizationId } });
  return { success: true };
}

/** What a feed shows right now, from one statement: whose logs, and its ETag. */
export interface FeedVersion {
  feedId: string;
  userId: string;
  organizationId: string;
  userName: string;
  etag: string;
}

/** Bumped whenever the rendering changes, so that clients holding an old ETag fetch the new bytes. */
const FEED_FORMAT = "f2";

/**
 * The feed of a URL token and its version, in one statement: the feed row by its token hash and a
 * digest of every value the calendar shows (the window's logs up to the cap: ids, times, creation,
 * description, live task title; the user's name), so the ETag moves exactly when the bytes would,
 * without rendering. Null for an unknown, malformed or revoked token.
 */
export async function feedVersion(db: DbClient, token: string, now = new Date()): Promise<FeedVersion | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const since = new Date(now.getTime() - FEED_WINDOW_DAYS * 86_400_000).toISOString();
  const [row] = await db.$queryRaw<{ feedId: string; userId: string; organizationId: string; userName: string; digest: string }[]>`
    SELECT f."id" AS "feedId", f."userId", f."organizationId", u."name" AS "userName", d."digest"
    FROM "CalendarFeed" f
    JOIN "User" u ON u."id" = f."userId" AND u."organizationId" = f."organizationId"
    CROSS JOIN LATERAL (
      SELECT count(*)::int || '-' || md5(coalesce(string_agg(w."shown", E'\n' ORDER BY w."startedAt", w."id"), '')) AS "digest"
      FROM (
        -- The (organizationId, userId, startedAt, id) index serves this range, as it serves the render.
        SELECT l."id", l."startedAt",
          json_build_array(l."id", l."startedAt", l."endedAt", l."durationSeconds", l."createdAt", l."description", CASE WHEN t."deletedAt" IS NULL THEN t."title" END)::text AS "shown"
        FROM "TimeLog" l
        LEFT JOIN "Task" t ON t."id" = l."taskId" AND t."organizationId" = l."organizationId"
        WHERE l."organizationId" = f."organizationId" AND l."userId" = f."userId" AND l."deletedAt" IS NULL AND l."startedAt" >= ${since}::timestamp(3)
        ORDER BY l."startedAt" DESC, l."id" DESC
        LIMIT ${MAX_FEED_EVENTS}::int
      ) w
    ) d
    WHERE f."tokenHash" = ${hashFeedToken(token)}`;
  if (!row) return null;
  const etag = createHash("sha256").update(`${FEED_FORMAT}\n${row.feedId}\n${row.userName}\n${row.digest}`, "utf8").digest("base64url");
  return { feedId: row.feedId, userId: row.userId, organizationId: row.organizationId, userName: row.userName, etag: `"${etag}"` };
}

/** Events serialized between two turns of the event loop (about 25 ms of work each). */
export const RENDER_CHUNK = 250;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

interface FeedEvent {
  id: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
}

/**
 * The VCALENDAR text of these events, byte for byte what one ical-generator calendar would print,
 * but serialized `chunkSize` events at a time with a yield in between, so a large feed never holds
 * the event loop (and every other request) for its whole rendering.
 */
export async function renderCalendar(name: string, events: readonly FeedEvent[], chunkSize = RENDER_CHUNK): Promise<string> {
  const options = { name, prodId: { company: "Orbit", product: "Time logs", language: "EN" } };
  const FOOTER = "END:VCALENDAR";
  const empty = ical(options).toString();
  const parts = [empty.slice(0, empty.lastIndexOf(FOOTER))];
  for (let index = 0; index < events.length; index += chunkSize) {
    if (index > 0) await yieldToEventLoop();
    const calendar = ical(options);
    for (const event of events.slice(index, index + chunkSize)) calendar.createEvent(event);
    const text = calendar.toString();
    parts.push(text.slice(text.indexOf("BEGIN:VEVENT"), text.lastIndexOf(FOOTER)));
  }
  parts.push(empty.slice(empty.lastIndexOf(FOOTER)));
  return parts.join("");
}

/** The calendar of a feed's version: the user's logs of the window, oldest first, at most MAX_FEED_EVENTS (newest kept). */
export async function renderCalendarFeed(db: DbClient, version: FeedVersion, now = new Date()): Promise<string> {
  const since = new Date(now.getTime() - FEED_WINDOW_DAYS * 86_400_000);
  const logs = await db.timeLog.findMany({
    // The (organizationId, userId, startedAt, id) index serves this range.
    where: { organizationId: version.organizationId, userId: version.userId, deletedAt: null, startedAt: { gte: since } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: MAX_FEED_EVENTS,
    select: { id: true, description: true, startedAt: true, endedAt: true, durationSeconds: true, createdAt: true, task: { select: { title: true, deletedAt: true } } },
  });
  const events = logs.reverse().map((log) => {
    const end = log.endedAt ?? new Date(log.startedAt.getTime() + log.durationSeconds * 1000);
    const taskTitle = log.task && !log.task.deletedAt ? log.task.title : null;
    return {
      id: `${log.id}@orbit`,
      start: log.startedAt,
      end: end < log.startedAt ? log.startedAt : end,
      // The log's creation stands in for DTSTAMP, so an unchanged calendar has unchanged bytes.
      stamp: log.createdAt,
      summary: taskTitle || log.description || "Time log",
    };
  });
  return renderCalendar(`Orbit · ${version.userName}`, events);
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}
