// Fragments shared by the statements written in SQL.
import { Prisma } from "@/generated/prisma/client";

/**
 * A timestamp column (UTC, stored without a zone) as the API writes it, formatted by PostgreSQL:
 * ISO 8601 with milliseconds and `Z`, exactly what `Date#toISOString` gives. A hot list then needs no
 * Date object per value, on the way in or out.
 */
export function isoTimestamp(column: string): Prisma.Sql {
  return Prisma.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}

/**
 * The `tags` text array of the row aliased `alias`, selected as a JSON array under its own name: the
 * driver parses a JSON array with `JSON.parse`, where its text-array parser builds each element
 * character by character (a sixth of the memory a page of time logs allocated).
 */
export function tagsAsJson(alias: string): Prisma.Sql {
  return Prisma.raw(`to_json(${alias}."tags") AS "tags"`);
}

/**
 * An instant as a parameter for a `timestamp(3)` column. The columns hold UTC without a zone, so the
 * value is sent as its ISO text and cast, never as a Date the driver would shift by the session zone.
 */
export function sqlTimestamp(instant: Date | number): Prisma.Sql {
  return Prisma.sql`${new Date(instant).toISOString()}::timestamp(3)`;
}
