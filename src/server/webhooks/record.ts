// Recording attempt outcomes: the statements that write what an attempt did, only while the claim's
// lease is still held, with its attempt-log row, the endpoint's failure count, disabling and failure
// notices in the same statement. The drain loop (deliver.ts) calls these; claiming is claim.ts.
import { Prisma, type DbClient } from "@/server/db";
import { newId } from "@/server/lib/ids";
import type { DeliveryRequest } from "@/server/webhooks/send";
import { DISABLE_AFTER_CONSECUTIVE_FAILURES, type AttemptOutcome, type Transition } from "@/server/webhooks/state";
import { sqlTimestamp } from "@/server/lib/sql";

export interface ClaimedDelivery extends DeliveryRequest {
  endpointId: string;
  /** Attempts made before this claim, manual ones included. */
  attempts: number;
  /** A requested manual attempt (resend, recover); absent means scheduled. */
  isManual?: boolean;
  /** The claim's lease end (ISO); with `leasedBy`, the claim's token when the outcome is written. */
  leaseUntil: string;
  /** The worker the lease names (claim.ts); absent or null: a lease without a holder. */
  leasedBy?: number | null;
}

// Timestamps travel as ISO strings cast to timestamp(3): the columns hold UTC without a zone, as Prisma writes them.

/** consecutiveFailures at which an endpoint's admins get a `webhook_failing` notice. */
export const FAILING_NOTICE_AT = [5, 10, 15];

function endpointUpdate(transition: Transition, now: Date): Prisma.Sql {
  const lastError = transition.delivery.lastError;
  const effect = transition.endpoint;
  if (effect.type === "none") return Prisma.empty;
  if (effect.type === "reset") {
    // Skipped when already 0, so successes to one endpoint do not queue on its row lock.
    return Prisma.sql`, endpoint AS (
      UPDATE "WebhookEndpoint" AS e SET "consecutiveFailures" = 0, "updatedAt" = ${sqlTimestamp(now)}
      FROM recorded WHERE e."id" = recorded."endpointId" AND e."consecutiveFailures" <> 0
      RETURNING e."id")`;
  }
  // Incremented and compared in SQL on the locked row: concurrent failures never lose a count.
  const isDisabling = Prisma.sql`(${effect.disableNow}::boolean OR e."consecutiveFailures" + 1 >= ${DISABLE_AFTER_CONSECUTIVE_FAILURES}::int)`;
  // The failure notices (app-api section 8) are written by the same statement, from the counted row:
  // exactly one statement reaches 5, 10 or 15, and exactly one disables the endpoint.
  return Prisma.sql`, endpoint AS (
    UPDATE "WebhookEndpoint" AS e SET
      "consecutiveFailures" = e."consecutiveFailures" + 1,
      "isActive" = e."isActive" AND NOT ${isDisabling},
      "disabledAt" = CASE WHEN e."isActive" AND ${isDisabling} THEN ${sqlTimestamp(now)} ELSE e."disabledAt" END,
      "disabledReason" = CASE WHEN e."isActive" AND ${isDisabling}
        THEN (CASE WHEN ${effect.disableNow}::boolean THEN 'gone' ELSE 'consecutive_failures' END) ELSE e."disabledReason" END,
      "updatedAt" = ${sqlTimestamp(now)}
    FROM recorded WHERE e."id" = recorded."endpointId"
    RETURNING e."id", e."organizationId", e."url", e."consecutiveFailures", e."isActive", e."disabledReason",
      NOT e."isActive" AND e."disabledAt" = ${sqlTimestamp(now)} AS "isDisabledNow"
  ), notice AS (
    INSERT INTO "Notification" ("id", "organizationId", "kind", "endpointId", "endpointUrl", "consecutiveFailures", "reason", "lastError", "createdAt")
    SELECT ${newId("ntf")}, e."organizationId",
      (CASE WHEN e."isDisabledNow" THEN 'webhook_disabled' ELSE 'webhook_failing' END)::"NotificationKind",
      e."id", e."url", e."consecutiveFailures",
      -- The reason the endpoint row now holds: the notice and the console read the same one.
      CASE WHEN e."isDisabledNow" THEN e."disabledReason" END,
      ${lastError}::text, ${sqlTimestamp(now)}
    FROM endpoint e
    WHERE e."isDisabledNow" OR (e."isActive" AND e."consecutiveFailures" IN (${Prisma.join(FAILING_NOTICE_AT)}))
    RETURNING "id"
  ), audit AS (
    -- The audit entry of Orbit disabling the endpoint (services/audit/record.ts's columns), in the same
    -- statement as the disabling: actor system, never both or neither.
    INSERT INTO "AuditEvent" ("id", "organizationId", "action", "actorType", "actorId", "actorName", "targetType", "targetId", "targetLabel", "metadata")
    SELECT ${newId("aud")}, e."organizationId", 'webhook_endpoint.disabled', 'system'::"AuditActorType", NULL, 'Orbit', 'webhook_endpoint', e."id", e."url",
      jsonb_build_object('reason', e."disabledReason", 'consecutiveFailures', e."consecutiveFailures")
    FROM endpoint e WHERE e."isDisabledNow"
    RETURNING "id")`;
}

/**
 * Writes an attempt's outcome and its endpoint effect in one statement (one transaction), only if the
 * claim still holds: same lease, same attempt count, still pending. False when the lease was lost.
 */
export async function recordOutcome(
  db: DbClient,
  claimed: ClaimedDelivery,
  transition: Transition,
  now: Date,
  outcome?: AttemptOutcome,
  /** Called with the ids of the failure notices the statement wrote (to mail them). */
  onNotices?: (noticeIds: string[]) => void,
): Promise<boolean> {
  const next = transition.delivery;
  const attempt = attemptRow({ claimed, transition, now, outcome });
  const rows = await db.$queryRaw<{ recorded: number; notices: string[] | null }[]>`
    WITH recorded AS (
      UPDATE "WebhookDelivery" SET
        "status" = ${next.status}::"DeliveryStatus",
        "attempts" = ${next.attempts}::int,
        "manualAttempts" = ${next.manualAttempts}::int,
        "nextAttemptAt" = ${next.nextAttemptAt ? sqlTimestamp(next.nextAttemptAt) : Prisma.sql`"nextAttemptAt"`},
        "leaseUntil" = NULL,
        "leasedBy" = NULL,
        "lastStatusCode" = ${next.lastStatusCode}::int,
        "lastError" = ${next.lastError}::text,
        "lastAttemptAt" = ${sqlTimestamp(next.lastAttemptAt)},
        "completedAt" = ${next.completedAt ? sqlTimestamp(next.completedAt) : Prisma.sql`NULL`}
      WHERE "id" = ${claimed.deliveryId}
        AND "status" = 'pending'
        AND "attempts" = ${claimed.attempts}::int
        AND "leaseUntil" = ${claimed.leaseUntil}::timestamp(3)
        AND "leasedBy" IS NOT DISTINCT FROM ${claimed.leasedBy ?? null}::int
      RETURNING "id", "organizationId", "endpointId"
    ), attempt AS (
      INSERT INTO "WebhookAttempt" ("id", "organizationId", "endpointId", "deliveryId", "number", "trigger", "startedAt", "durationMs", "statusCode", "responseBody", "error", "requestHeaders", "responseHeaders")
      SELECT ${attempt.attemptId}, r."organizationId", r."endpointId", r."id", ${attempt.number}::int, ${attempt.trigger}::"AttemptTrigger",
        ${attempt.startedAt}::timestamp(3), ${attempt.durationMs}::int, ${attempt.statusCode}::int, ${attempt.responseBody}::text, ${attempt.attemptError}::text,
        ${attempt.requestHeaders ? JSON.stringify(attempt.requestHeaders) : null}::jsonb, ${attempt.responseHeaders ? JSON.stringify(attempt.responseHeaders) : null}::jsonb
      FROM recorded r
    )${endpointUpdate(transition, now)}
    SELECT (SELECT count(*)::int FROM recorded) AS "recorded",
      ${transition.endpoint.type === "increment" ? Prisma.sql`(SELECT array_agg("id") FROM notice)` : Prisma.sql`NULL::text[]`} AS "notices"`;
  const [row] = rows;
  if (row?.notices?.length) onNotices?.(row.notices);
  return row?.recorded === 1;
}

export interface RecordItem {
  claimed: ClaimedDelivery;
  transition: Transition;
  now: Date;
  /** The attempt as sent (its log row); tests that only exercise the state may leave it out. */
  outcome?: AttemptOutcome;
}

/** The attempt log row of an outcome, written by the statement that records the outcome. */
function attemptRow({ claimed, transition, now, outcome }: RecordItem) {
  const startedAt = outcome?.attemptedAt ?? transition.delivery.lastAttemptAt;
  return {
    attemptId: newId("att"),
    number: transition.delivery.attempts,
    trigger: claimed.isManual ? "manual" : "scheduled",
    startedAt: startedAt.toISOString(),
    durationMs: outcome?.durationMs ?? Math.max(0, now.getTime() - startedAt.getTime()),
    statusCode: outcome?.statusCode ?? transition.delivery.lastStatusCode,
    responseBody: outcome?.responseBody ?? null,
    attemptError: outcome ? (outcome.failure ?? null) : transition.delivery.lastError,
    requestHeaders: outcome?.requestHeaders ?? null,
    responseHeaders: outcome?.responseHeaders ?? null,
  };
}

/** The delivery's columns after a transition, as the grouped statement's JSON input carries them. */
function deliveryColumns(delivery: Transition["delivery"]) {
  return {
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    lastAttemptAt: delivery.lastAttemptAt.toISOString(),
    completedAt: delivery.completedAt?.toISOString() ?? null,
  };
}

/**
 * Writes many outcomes in one statement (one transaction), each only if its claim still holds (the
 * same lease end and holder: a lease another worker took over from a holder it saw dead is not this one).
 * Only for outcomes whose endpoint effect is none or a reset: resets are idempotent, so several rows
 * of one endpoint in a batch are harmless. Counter increments go through `recordOutcome`, one by one.
 * Returns the ids that were written. Rows are found by primary key (the id list, whose size the
 * planner knows) and matched on their lease: only pending rows are ever leased and every outcome
 * clears the lease, so a held lease also means the row is still pending.
 */
export async function recordOutcomes(db: DbClient, items: readonly RecordItem[]): Promise<Set<string>> {
  if (!items.length) return new Set();
  if (items.some((item) => item.transition.endpoint.type === "increment")) throw new Error("recordOutcomes takes no counter increments");
  const rows = items.map((item) => ({
    ...attemptRow(item),
    id: item.claimed.deliveryId,
    leaseUntil: item.claimed.leaseUntil,
    leasedBy: item.claimed.leasedBy ?? null,
    attemptsBefore: item.claimed.attempts,
    isManual: item.claimed.isManual ?? false,
    isStateKept: item.transition.delivery.isStateKept ?? false,
    manualAttempts: item.transition.delivery.manualAttempts,
    ...deliveryColumns(item.transition.delivery),
    isReset: item.transition.endpoint.type === "reset",
  }));

  const now = items.reduce((latest, item) => (item.now > latest ? item.now : latest), items[0]!.now);
  const recorded = await db.$queryRaw<{ id: string }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(
        "id" text, "leaseUntil" text, "leasedBy" int, "attemptsBefore" int, "isManual" boolean, "isStateKept" boolean, "manualAttempts" int,
        "status" text, "attempts" int, "nextAttemptAt" text, "lastStatusCode" int, "lastError" text, "lastAttemptAt" text,
        "completedAt" text, "isReset" boolean, "attemptId" text, "number" int, "trigger" text, "startedAt" text, "durationMs" int,
        "statusCode" int, "responseBody" text, "attemptError" text, "requestHeaders" jsonb, "responseHeaders" jsonb)
    ), recorded AS (
      -- A failed manual attempt (isStateKept) changes only the attempt counts and clears its request.
      UPDATE "WebhookDelivery" AS d SET
        "status" = CASE WHEN i."isStateKept" THEN d."status" ELSE i."status"::"DeliveryStatus" END,
        "attempts" = i."attempts",
        "manualAttempts" = i."manualAttempts",
        "manualAttemptRequestedAt" = CASE WHEN i."isManual" THEN NULL ELSE d."manualAttemptRequestedAt" END,
        "nextAttemptAt" = CASE WHEN i."isStateKept" THEN d."nextAttemptAt" ELSE COALESCE(i."nextAttemptAt"::timestamp(3), d."nextAttemptAt") END,
        "leaseUntil" = NULL,
        "leasedBy" = NULL,
        "lastStatusCode" = CASE WHEN i."isStateKept" THEN d."lastStatusCode" ELSE i."lastStatusCode" END,
        "lastError" = CASE WHEN i."isStateKept" THEN d."lastError" ELSE i."lastError" END,
        "lastAttemptAt" = CASE WHEN i."isStateKept" THEN d."lastAttemptAt" ELSE i."lastAttemptAt"::timestamp(3) END,
        "completedAt" = CASE WHEN i."isStateKept" THEN d."completedAt" ELSE i."completedAt"::timestamp(3) END
      FROM input i
      WHERE d."id" = i."id"
        AND d."id" = ANY(${rows.map((row) => row.id)}::text[])
        AND d."attempts" = i."attemptsBefore"
        AND d."leaseUntil" = i."leaseUntil"::timestamp(3)
        AND d."leasedBy" IS NOT DISTINCT FROM i."leasedBy"
      RETURNING d."id", d."organizationId", d."endpointId", i."isReset"
    ), attempt AS (
      INSERT INTO "WebhookAttempt" ("id", "organizationId", "endpointId", "deliveryId", "number", "trigger", "startedAt", "durationMs", "statusCode", "responseBody", "error", "requestHeaders", "responseHeaders")
      SELECT i."attemptId", r."organizationId", r."endpointId", r."id", i."number", i."trigger"::"AttemptTrigger", i."startedAt"::timestamp(3),
        i."durationMs", i."statusCode", i."responseBody", i."attemptError", i."requestHeaders", i."responseHeaders"
      FROM recorded r JOIN input i ON i."id" = r."id"
    ), locked AS (
      -- Endpoint rows are locked in id order, so two workers resetting the same endpoints cannot deadlock.
      SELECT e."id" FROM "WebhookEndpoint" e
      WHERE e."id" IN (SELECT "endpointId" FROM recorded WHERE "isReset") AND e."consecutiveFailures" <> 0
      ORDER BY e."id"
      FOR UPDATE
    ), endpoint AS (
      UPDATE "WebhookEndpoint" AS e SET "consecutiveFailures" = 0, "updatedAt" = ${sqlTimestamp(now)}
      FROM locked WHERE e."id" = locked."id"
      RETURNING e."id"
    )
    SELECT "id" FROM recorded`;
  return new Set(recorded.map((row) => row.id));
}

/**
 * Gives back leases this process still holds (a stopping worker past its grace period): each row only
 * if its lease is still the one taken, so an outcome already written or a lease already lapsed and
 * retaken elsewhere is left alone. Another instance can claim them at once instead of after the lease.
 */
export async function releaseLeases(db: DbClient, held: ReadonlyMap<string, string>): Promise<number> {
  if (!held.size) return 0;
  const rows = [...held].map(([id, leaseUntil]) => ({ id, leaseUntil }));
  return db.$executeRaw`
    UPDATE "WebhookDelivery" AS d SET "leaseUntil" = NULL, "leasedBy" = NULL
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i("id" text, "leaseUntil" text)
    WHERE d."id" = i."id" AND d."id" = ANY(${rows.map((row) => row.id)}::text[]) AND d."leaseUntil" = i."leaseUntil"::timestamp(3)`;
}

