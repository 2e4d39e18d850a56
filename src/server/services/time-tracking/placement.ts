// Where time given only as a date and a duration goes in its day (app-api section 17): a timesheet
// cell's added time and an import row without a start time start right after that person's last entry
// of the day, or at 09:00 in their zone when the day has none; never a stack at midnight. Instants go
// to SQL as ISO text (the columns hold UTC without a zone, see sqlTimestamp).
import type { DbClient } from "@/server/db";
import { addDays, instantOfWallClock, startOfZonedDay, type DateString } from "@/lib/time-zone";

/** When a day's first duration-only entry starts, on the person's wall clock. */
export const WORKDAY_START = "09:00";

/** A calendar day in a zone: its first instant, the first instant of the next day, and 09:00. */
export interface ZonedDay {
  start: Date;
  end: Date;
  workdayStart: Date;
}

export function zonedDay(date: DateString, timeZone: string): ZonedDay {
  const start = startOfZonedDay(date, timeZone);
  const end = startOfZonedDay(addDays(date, 1), timeZone);
  // A 09:00 that a daylight-saving change skips moves forward with it (instantOfWallClock).
  const workdayStart = instantOfWallClock(`${date}T${WORKDAY_START}`, timeZone) ?? start;
  return { start, end, workdayStart };
}

/**
 * The start of `seconds` of time in `day`, after `lastEnd` (the latest end of the person's entries
 * starting that day, null when none): right after it, or at 09:00. Time that would run past the day's
 * end ends with the day instead (from its first instant at the earliest), so it stays on its day.
 */
export function placeInDay(day: ZonedDay, lastEnd: Date | null, seconds: number): Date {
  const start = lastEnd ?? day.workdayStart;
  if (start.getTime() + seconds * 1000 <= day.end.getTime()) return start;
  return new Date(Math.max(day.start.getTime(), day.end.getTime() - seconds * 1000));
}

export interface PersonDay {
  userId: string;
  day: ZonedDay;
}

const personDayKey = (userId: string, dayStart: Date) => `${userId}|${dayStart.toISOString()}`;

/**
 * The latest end of each person's entries starting on each day, in one statement (the index on the
 * organization, user and start serves each day); days without entries are absent. Read by `lastEndOf`.
 */
export async function lastEndsOfDays(db: DbClient, organizationId: string, days: readonly PersonDay[]): Promise<(userId: string, day: ZonedDay) => Date | null> {
  const unique = [...new Map(days.map((entry) => [personDayKey(entry.userId, entry.day.start), entry])).values()];
  const rows = unique.length
    ? await db.$queryRaw<Array<{ userId: string; dayStart: Date; lastEnd: Date }>>`
        SELECT d."userId", d."dayStart", max(coalesce(t."endedAt", t."startedAt" + t."durationSeconds" * interval '1 second')) AS "lastEnd"
        FROM unnest(${unique.map((entry) => entry.userId)}::text[], ${unique.map((entry) => entry.day.start.toISOString())}::timestamp(3)[], ${unique.map((entry) => entry.day.end.toISOString())}::timestamp(3)[])
          AS d("userId", "dayStart", "dayEnd")
        JOIN "TimeLog" t ON t."organizationId" = ${organizationId} AND t."userId" = d."userId" AND t."startedAt" >= d."dayStart" AND t."startedAt" < d."dayEnd" AND t."deletedAt" IS NULL
        GROUP BY d."userId", d."dayStart"`
    : [];
  const lastEnds = new Map(rows.map((row) => [personDayKey(row.userId, row.dayStart), row.lastEnd]));
  return (userId, day) => lastEnds.get(personDayKey(userId, day.start)) ?? null;
}

/** A duration-only entry's words when it has none of its own: its task's title, else its customer's name, else its project's. */
export function labelDescription(names: { task?: string | null; customer?: string | null; project?: string | null }): string | null {
  return names.task || names.customer || names.project || null;
}
