// The public API's admission, in the contract's order: API key (401) → the organization's current
// plan (402) → scopes (403) → rate limit (429), then the first checks of validation (400, 413): what
// the edge found wrong with the request itself (a NUL in the query, a parameter the operation does not
// take, a body that cannot be read; answered here, so they come after 429 and the request is counted
// like any other). One statement looks the key up with its plan and
// counts the request only if key, plan and scopes pass, so an admitted request costs one round trip
// and a refused one is never counted. Each step's decision is still taken by its own function, from
// the row the statement returned. On the embedded database the statement takes its turns as the
// presented key's (load/database-turns.ts): the organization is not known yet, and as no one's in
// particular it would wait behind every other organization's admissions and anonymous requests.
import type { Scope } from "@/server/auth/scopes";
import { scopesGranting } from "@/server/auth/scopes";
import { plansGranting } from "@/server/auth/plans";
import { hotQuery, Prisma, type DbClient } from "@/server/db";
import type { RateLimitInfo } from "@/server/lib/envelope";
import { apiKeyLookup, apiKeyUsableCondition, presentedKeyHash, usableApiKey, type ApiKeyRow, type AuthenticatedKey, type PresentedKey } from "@/server/api/middleware/api-key";
import { assertPlanGrantsApi } from "@/server/api/middleware/plan";
import {
  applyRateLimit,
  countRequestsCte,
  previousWindowCount,
  rateLimitDecisionFromCounts,
  rateLimitUnavailable,
  rateLimitWindows,
} from "@/server/api/middleware/rate-limit";
import { assertScopes } from "@/server/api/middleware/scopes";
import type { AppError } from "@/server/errors";
import { asApiKey } from "@/server/load/database-turns";

/** An admitted public API request: its key and its rate-limit state (not the edge's fair admission, load/admission.ts). */
export interface ApiAdmission {
  apiKey: AuthenticatedKey;
  rateLimit: RateLimitInfo;
}

interface AdmissionRow extends ApiKeyRow {
  /** This request's count in the current window; null when the statement did not count it. */
  current: number | null;
  previous: number;
}

/** The SQL form of the plan and scope steps, from the same rules `requirePlan` and `missingScope` apply. */
function planAndScopesCondition(required: readonly Scope[]): Prisma.Sql {
  const conditions = [
    Prisma.sql`"plan" = ANY(${plansGranting("customIntegrations")}::text[])`,
    ...required.map((scope) => Prisma.sql`"scopes" && ${scopesGranting(scope)}::text[]`),
  ];
  return Prisma.join(conditions, " AND ");
}

/** Steps 2 and 3 for a key that passed step 1. */
function assertPlanAndScopes(apiKey: AuthenticatedKey, required: readonly Scope[]): void {
  assertPlanGrantsApi(apiKey.plan);
  assertScopes(apiKey.scopes, required);
}

/**
 * The whole admission of a request: one statement; then the edge's refusal of the request itself, if
 * any, as `completeRefusal` completes it once the organization is known (the procedure naming the
 * body's unknown ids beside the edge's findings).
 */
export async function admitApiRequest(
  ctx: { db: DbClient; presentedKey: PresentedKey; resHeaders: Headers; requestRefusal?: AppError },
  required: readonly Scope[],
  completeRefusal?: (refusal: AppError, admission: ApiAdmission) => Promise<AppError>,
): Promise<ApiAdmission> {
  const keyHash = presentedKeyHash(ctx.presentedKey);
  const admission = await asApiKey(keyHash, () => admitKey(ctx, keyHash, required));
  if (ctx.requestRefusal) throw completeRefusal ? await completeRefusal(ctx.requestRefusal, admission) : ctx.requestRefusal;
  return admission;
}

async function admitKey(ctx: { db: DbClient; resHeaders: Headers }, keyHash: string, required: readonly Scope[]): Promise<ApiAdmission> {
  const { db, resHeaders } = ctx;
  const nowMs = Date.now();
  const now = new Date(nowMs);
  const windows = rateLimitWindows(nowMs);
  let row: AdmissionRow | undefined;
  try {
    [row] = await hotQuery<AdmissionRow>(
      db,
      Prisma.sql`
      WITH "key" AS (${apiKeyLookup(keyHash)}),
      ${countRequestsCte(Prisma.sql`SELECT "id" FROM "key" WHERE ${apiKeyUsableCondition(now)} AND ${planAndScopesCondition(required)}`, windows)}
      SELECT "key".*, (SELECT "count" FROM "counted")::int AS "current", ${previousWindowCount(Prisma.sql`"key"."id"`, windows)} AS "previous"
      FROM "key"`,
    );
  } catch (error) {
    // The counting part failed (or the key lookup did): look the key up alone, and count fail-open.
    const [key] = await db.$queryRaw<ApiKeyRow[]>(apiKeyLookup(keyHash));
    const apiKey = usableApiKey(db, key, now);
    assertPlanAndScopes(apiKey, required);
    return { apiKey, rateLimit: applyRateLimit(rateLimitUnavailable(error, apiKey.rateLimitPerHour, nowMs), resHeaders) };
  }
  const apiKey = usableApiKey(db, row, now);
  assertPlanAndScopes(apiKey, required);
  // Both rules come from one definition; an admitted request the statement did not count is a bug, never let through uncounted.
  if (row!.current === null) throw new Error("API admission: the statement did not count a request the checks admitted");
  const decision = rateLimitDecisionFromCounts(db, apiKey.rateLimitPerHour, Number(row!.current), Number(row!.previous), nowMs);
  return { apiKey, rateLimit: applyRateLimit(decision, resHeaders) };
}
