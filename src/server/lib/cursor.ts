// Keyset pagination: the one helper every list uses. A cursor is the (sort value, id) of a page's last
// row, base64url-encoded and authenticated with an HMAC so that a forged or edited cursor is refused.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto";
import { z } from "zod";
import { getEnv } from "@/env";
import { AppError } from "@/server/errors";
import type { Page, Pagination } from "@/server/lib/envelope";

/** Which list a cursor belongs to; a cursor of one list is refused by another. */
export type CursorKind = "members" | "tasks" | "customers" | "constellations" | "time-logs" | "webhook-deliveries" | "api-keys" | "webhook-endpoints" | "invoices" | "notifications" | "events" | "deleted-time-logs" | "deleted-tasks" | "saved-reports" | "report-logs" | "invites" | "sessions" | "oauth-apps" | "installed-apps" | "audit-events" | "member-rates" | "project-member-rates" | "approvals";

export interface CursorPosition {
  sortValue: Date;
  id: string;
}

let derivedKey: { secret: string; key: KeyObject } | undefined;

/**
 * Derived from SESSION_SECRET once (and again only if it changes, as it can between test runs), as a
 * key object: an HMAC given raw bytes makes one afresh on every page.
 */
function cursorKey(): KeyObject {
  const secret = getEnv().sessionSecret;
  if (derivedKey?.secret !== secret) derivedKey = { secret, key: createSecretKey(createHmac("sha256", secret).update("orbit:cursor:v1").digest()) };
  return derivedKey.key;
}

function mac(kind: CursorKind, payload: string): Buffer {
  return createHmac("sha256", cursorKey()).update(`${kind}\n${payload}`).digest().subarray(0, 16);
}

export function encodeCursor(kind: CursorKind, position: CursorPosition): string {
  const payload = `${position.sortValue.getTime()}.${position.id}`;
  return Buffer.concat([Buffer.from(payload, "utf8"), Buffer.from("."), mac(kind, payload)]).toString("base64url");
}

const INVALID_CURSOR = "is malformed or was not issued for this list";
const invalidCursor = () => new AppError("validation_error", `cursor ${INVALID_CURSOR}.`, { details: [{ field: "cursor", message: INVALID_CURSOR }] });

/** The position a cursor of `kind` names, or undefined for one that is malformed, edited or of another list. */
function positionOf(kind: CursorKind, token: string): CursorPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const raw = Buffer.from(token, "base64url");
  if (raw.length < 18 || raw[raw.length - 17] !== 0x2e) return undefined;
  const payload = raw.subarray(0, raw.length - 17).toString("utf8");
  if (!timingSafeEqual(raw.subarray(raw.length - 16), mac(kind, payload))) return undefined;
  const separator = payload.indexOf(".");
  const millis = Number(payload.slice(0, separator));
  const id = payload.slice(separator + 1);
  if (separator < 1 || !Number.isSafeInteger(millis) || !id) return undefined;
  return { sortValue: new Date(millis), id };
}

/**
 * A list's `limit` and `cursor`. The cursor is checked with the rest of the input, so that a 400 names
 * it beside every other invalid field of the request (contract 4.1).
 */
export function paginationInput(kind: CursorKind) {
  return {
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z
      .string()
      .min(1)
      .max(512)
      .refine((token) => positionOf(kind, token) !== undefined, INVALID_CURSOR)
      .optional(),
  };
}

export function decodeCursor(kind: CursorKind, token: string): CursorPosition {
  const position = positionOf(kind, token);
  if (!position) throw invalidCursor();
  return position;
}

export type { Page };

/**
 * Runs one keyset page, newest first (or oldest first with `direction: "asc"`): rows strictly after the
 * cursor in (sort value, id) order, reading one row beyond the page so that `hasMore` is exact.
 * `query` gets the extra where-clause and the order; it must add the organization scope itself.
 */
export async function paginate<Row extends { id: string }, Field extends string>(
  options: { kind: CursorKind; sortField: Field; limit: number; cursor?: string; direction?: "desc" | "asc" },
  query: (args: {
    where: Record<string, unknown>;
    orderBy: Array<Record<string, "desc" | "asc">>;
    take: number;
  }, /** The decoded cursor, for a query written in SQL (which then expresses `where` and `orderBy` itself). */ position?: CursorPosition) => Promise<Row[]>,
  sortValueOf: (row: Row) => Date,
): Promise<Page<Row>> {
  const position = options.cursor ? decodeCursor(options.kind, options.cursor) : undefined;
  const direction = options.direction ?? "desc";
  const beyond = direction === "desc" ? "lt" : "gt";
  const where = position
    ? {
        OR: [
          { [options.sortField]: { [beyond]: position.sortValue } },
          { [options.sortField]: position.sortValue, id: { [beyond]: position.id } },
        ],
      }
    : {};
  const rows = await query({ where, orderBy: [{ [options.sortField]: direction }, { id: direction }], take: options.limit + 1 }, position);
  const hasMore = rows.length > options.limit;
  const items = hasMore ? rows.slice(0, options.limit) : rows;
  const last = items[items.length - 1];
  const pagination: Pagination = { hasMore };
  if (hasMore && last) pagination.cursor = encodeCursor(options.kind, { sortValue: sortValueOf(last), id: last.id });
  return { items, pagination };
}
