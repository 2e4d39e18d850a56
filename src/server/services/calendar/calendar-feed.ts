// The free read-only calendar feed (app-api section 9): one secret URL per user, and the RFC 5545
// calendar of that user's time logs of the last 90 days.
import { createHash } from "node:crypto";
import ical from "ical-generator";
import type { CalendarFeedView } from "@/server/contract/calendar-feed";
import type { DbClient } from "@/server/db";
import type { Actor } from "@/server/services/auth/account";
import { FEED_TOKEN_PATTERN, generateFeedToken, hashFeedToken, sealFeedToken, unsealFeedToken } from "./feed-token";

export const FEED_WINDOW_DAYS = 90;
/** A feed never grows past this many events (newest kept); 90 days of real work is far below it. */
export const MAX_FEED_EVENTS = 5000;

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

export interface RenderedFeed {
  body: string;
  etag: string;
}

/** The calendar for a URL token, or null for an unknown, malformed or revoked one. */
export async function renderCalendarFeed(db: DbClient, token: string, now = new Date()): Promise<RenderedFeed | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const feed = await db.calendarFeed.findUnique({ where: { tokenHash: hashFeedToken(token) }, select: { userId: true, organizationId: true, user: { select: { name: true } } } });
  if (!feed) return null;
  const since = new Date(now.getTime() - FEED_WINDOW_DAYS * 86_400_000);
  const logs = await db.timeLog.findMany({
    // The (organizationId, userId, startedAt, id) index serves this range.
    where: { organizationId: feed.organizationId, userId: feed.userId, deletedAt: null, startedAt: { gte: since } },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: MAX_FEED_EVENTS,
    select: { id: true, description: true, startedAt: true, endedAt: true, durationSeconds: true, createdAt: true, task: { select: { title: true, deletedAt: true } } },
  });
  const calendar = ical({ name: `Orbit · ${feed.user.name}`, prodId: { company: "Orbit", product: "Time logs", language: "EN" } });
  for (const log of logs.reverse()) {
    const end = log.endedAt ?? new Date(log.startedAt.getTime() + log.durationSeconds * 1000);
    const taskTitle = log.task && !log.task.deletedAt ? log.task.title : null;
    calendar.createEvent({
      id: `${log.id}@orbit`,
      start: log.startedAt,
      end: end < log.startedAt ? log.startedAt : end,
      // The log's creation stands in for DTSTAMP, so an unchanged calendar has unchanged bytes (and ETag).
      stamp: log.createdAt,
      summary: taskTitle || log.description || "Time log",
    });
  }
  const body = calendar.toString();
  return { body, etag: `"${createHash("sha256").update(body, "utf8").digest("base64url")}"` };
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}
