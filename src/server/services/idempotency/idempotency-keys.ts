// Idempotency-Key on /api/v1 POST and PATCH (app-api section 13), as Stripe has it: the first request
// with a key claims it (one INSERT … ON CONFLICT, exact under concurrency), runs, and stores the
// response it gave; a repeat with the same method, path and body gets that response again; the same
// key with another request, or while the first still runs, is a 409. Kept 24 hours.
import { createHash, randomBytes } from "node:crypto";
import type { DbClient } from "@/server/db";
import { AppError } from "@/server/errors";
import { IDEMPOTENCY_KEY_TTL_MS } from "@/server/lib/idempotency-retention";
import { sqlTimestamp } from "@/server/lib/sql";

/** A claim whose request has run this long without an answer is taken as abandoned (its process died). */
export const ABANDONED_CLAIM_MS = 60_000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The methods an Idempotency-Key applies to (app-api section 13); on others the header is ignored. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["POST", "PATCH"]);

/** What identifies a request for its key: the key itself, the method, the path and the body's hash. */
export interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/** The stored answer of the first request, to send again as it was. */
export interface StoredAnswer {
  status: number;
  body: string;
}

/** A claim's outcome: the key is this request's to run (`claimId`), or it was answered before (`replay`). */
export type IdempotencyClaim = { claimId: string; replay?: undefined } | { claimId?: undefined; replay: StoredAnswer };

export function idempotentRequest(key: string, method: string, path: string, body: unknown): IdempotentRequest {
  const requestHash = createHash("sha256")
    .update(JSON.stringify(body ?? {}))
    .digest("hex");
  return { key, method, path, requestHash };
}

const keyConflict = (message: string) => new AppError("conflict", message, { details: [{ field: IDEMPOTENCY_HEADER, message }] });

export function assertIdempotencyKeyFormat(key: string): void {
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new AppError("validation_error", `The ${IDEMPOTENCY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`, {
      details: [{ field: IDEMPOTENCY_HEADER, message: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` }],
    });
  }
}


interface StoredKey {
  id: string;
  method: string;
  path: string;
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
}

/**
 * Claims `request.key` for this API key and returns the claim's id, so the caller may run the request,
 * or the first request's stored answer to replay; throws a 409 naming the header. An expired key, or an
 * abandoned claim of the same request, is taken over in the same statement.
 */
export async function claimIdempotencyKey(
  db: DbClient,
  owner: { organizationId: string; apiKeyId: string },
  request: IdempotentRequest,
  now = new Date(),
): Promise<IdempotencyClaim> {
  assertIdempotencyKeyFormat(request.key);
  const id = `idk_${randomBytes(16).toString("hex")}`;
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const abandoned = new Date(now.getTime() - ABANDONED_CLAIM_MS);
  for (let round = 0; round < 2; round += 1) {
    const [claimed] = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO "IdempotencyKey" ("id", "organizationId", "apiKeyId", "key", "method", "path", "requestHash", "createdAt")
      VALUES (${id}, ${owner.organizationId}, ${owner.apiKeyId}, ${request.key}, ${request.method}, ${request.path}, ${request.requestHash}, ${sqlTimestamp(now)})
      ON CONFLICT ("apiKeyId", "key") DO UPDATE SET
        "id" = EXCLUDED."id", "method" = EXCLUDED."method", "path" = EXCLUDED."path", "requestHash" = EXCLUDED."requestHash",
        "createdAt" = EXCLUDED."createdAt", "statusCode" = NULL, "responseBody" = NULL, "completedAt" = NULL
      WHERE "IdempotencyKey"."organizationId" = ${owner.organizationId}
        AND ("IdempotencyKey"."createdAt" < ${sqlTimestamp(expired)}
          OR ("IdempotencyKey"."completedAt" IS NULL AND "IdempotencyKey"."createdAt" < ${sqlTimestamp(abandoned)}
            AND "IdempotencyKey"."method" = EXCLUDED."method" AND "IdempotencyKey"."path" = EXCLUDED."path"
            AND "IdempotencyKey"."requestHash" = EXCLUDED."requestHash"))
      RETURNING "id"`;
    if (claimed) return { claimId: claimed.id };
    const [stored] = await db.$queryRaw<StoredKey[]>`
      SELECT "id", "method", "path", "requestHash", "statusCode", "responseBody" FROM "IdempotencyKey"
      WHERE "organizationId" = ${owner.organizationId} AND "apiKeyId" = ${owner.apiKeyId} AND "key" = ${request.key}`;
    // Pruned between the two statements: claim again.
    if (!stored) continue;
    if (stored.method !== request.method || stored.path !== request.path || stored.requestHash !== request.requestHash) {
      throw keyConflict("This Idempotency-Key was used with another request; send a new key for a new request.");
    }
    if (stored.statusCode === null || stored.responseBody === null) {
      throw keyConflict("A request with this Idempotency-Key is still running; retry when it has answered.");
    }
    return { replay: { status: stored.statusCode, body: stored.responseBody } };
  }
  throw keyConflict("A request with this Idempotency-Key is still running; retry when it has answered.");
}

/** Stores the response the claimed request gave, for its repeats. */
export async function completeIdempotencyKey(db: DbClient, organizationId: string, claimId: string, status: number, body: string, now = new Date()): Promise<void> {
  await db.idempotencyKey.updateMany({ where: { id: claimId, organizationId }, data: { statusCode: status, responseBody: body, completedAt: now } });
}

/** Gives a claim up (the request failed in a way a retry may get past), so the key can be used again. */
export async function releaseIdempotencyKey(db: DbClient, organizationId: string, claimId: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { id: claimId, organizationId, completedAt: null } });
}
