// The fair claim: which due deliveries a worker takes next. Organizations take turns (least recently
// served first), and within an organization its endpoints take turns, so one organization's backlog
// or slow endpoints cannot push another's deliveries back by more than about one attempt of one slot.
// The bounds hold across every worker and instance because they are counted in the database:
//   - attempts in flight = deliveries whose lease has not run out (an outcome clears the lease), per
//     endpoint (WEBHOOK_ENDPOINT_MAX_IN_FLIGHT, 1 while its circuit is half-open) and per organization
//     (WEBHOOK_ORGANIZATION_MAX_IN_FLIGHT);
//   - maxRequestsPerSecond = a token bucket per endpoint (one second's worth of capacity) in
//     WebhookEndpointSchedule, spent by the claim.
// Counting is only exact if two claims never count the same organization at once, so a claim first
// takes a transaction-scoped advisory lock per organization, then counts and claims in a second
// statement whose snapshot is taken after the locks, so it sees every lease committed by the claim
// that held them before. The rows themselves are still taken FOR UPDATE SKIP LOCKED.
// A lease names the worker holding it (leasedBy, the key of its identity lock, worker-identity.ts).
// A lease counts, as in flight and against claiming the row again, only while its worker's lock is
// held (read from pg_locks, once per statement and only when a lease needs judging): a worker that
// died frees its attempts and its organizations' and endpoints' slots at once. A lease without a
// holder (a drain without an identity) counts until it runs out, as every lease did before.
// Nothing here grows with a backlog: every read of deliveries is an index range per endpoint that
// stops after a few rows (its oldest due, its leases), so a claim costs per active endpoint and per
// locked organization's endpoints, whether one organization has ten deliveries queued or a million.
import { getEnv } from "@/env";
import { Prisma, type Db } from "@/server/db";
import type { ClaimedDelivery } from "@/server/webhooks/record";
import { plansGranting } from "@/server/auth/plans";
import { sqlTimestamp } from "@/server/lib/sql";
import { WORKER_LOCK_NAMESPACE } from "@/server/webhooks/worker-identity";

/** Advisory-lock namespace of the claim's per-organization locks (the first key of the two-key form). */
const CLAIM_LOCK_NAMESPACE = 0x0b17;

export interface ClaimLimits {
  /** Attempts in flight to one endpoint, across workers. */
  endpointMaxInFlight: number;
  /** Attempts in flight for one organization, across workers. */
  organizationMaxInFlight: number;
}

export interface ScheduledDelivery extends ClaimedDelivery {
  /** Of `attempts`, the manual ones (the schedule counts the others). */
  manualAttempts: number;
  /** A requested manual attempt (resend, recover) rather than the schedule's. */
  isManual: boolean;
  /** A test event's delivery: no effect on the endpoint. */
  isTest: boolean;
  organizationId: string;
  /** The endpoint's circuit as the claim saw it: consecutive unreachable attempts, and whether this is a half-open probe. */
  unreachableCount: number;
  isProbe: boolean;
}

export function claimLimitsFromEnv(): ClaimLimits {
  const env = getEnv();
  return { endpointMaxInFlight: env.webhookEndpointMaxInFlight, organizationMaxInFlight: env.webhookOrganizationMaxInFlight };
}

// Timestamps travel as ISO strings cast to timestamp(3): the columns hold UTC without a zone, as Prisma writes them.

/**
 * The keys of the workers alive now (their identity locks are held), as a CTE each claim statement
 * declares first. Materialized: pg_locks is read at most once per statement, and not at all when no
 * lease needs judging.
 */
const LIVE_WORKERS = Prisma.sql`live_workers AS MATERIALIZED (
  SELECT l."objid"::int8 AS "key" FROM pg_locks l
  WHERE l."locktype" = 'advisory' AND l."classid" = ${WORKER_LOCK_NAMESPACE}::int::oid AND l."objsubid" = 2 AND l."granted"
    AND l."database" = (SELECT b."oid" FROM pg_database b WHERE b."datname" = current_database()))`;

/** Held: not run out, and its worker (if it names one) alive. */
const isLeaseHeld = (now: Date, row: Prisma.Sql) =>
  Prisma.sql`(${row}."leaseUntil" > ${sqlTimestamp(now)} AND (${row}."leasedBy" IS NULL OR ${row}."leasedBy" IN (SELECT "key" FROM live_workers)))`;
/** Free: none, run out, or its worker dead (the negation of isLeaseHeld, written out for NULLs). */
const isLeaseFree = (now: Date) =>
  Prisma.sql`(d."leaseUntil" IS NULL OR d."leaseUntil" <= ${sqlTimestamp(now)} OR (d."leasedBy" IS NOT NULL AND d."leasedBy" NOT IN (SELECT "key" FROM live_workers)))`;
/** Due by the schedule and not leased. */
const isDue = (now: Date) => Prisma.sql`d."status" = 'pending' AND d."nextAttemptAt" <= ${sqlTimestamp(now)} AND ${isLeaseFree(now)}`;
/** A manual attempt requested (resend, recover) and not leased, whatever the delivery's status. */
const isManualDue = (now: Date) => Prisma.sql`d."manualAttemptRequestedAt" IS NOT NULL AND ${isLeaseFree(now)}`;
/** What a claim may take. */
const isClaimable = (now: Date) => Prisma.sql`((${isDue(now)}) OR (${isManualDue(now)}))`;

/** Webhooks are paused while the organization's plan lacks custom integrations: its endpoints get no claim. */
const isPlanActive = Prisma.sql`e."organizationId" IN (SELECT o."id" FROM "Organization" o WHERE o."plan"::text = ANY(${plansGranting("customIntegrations")}::text[]))`;

/**
 * Each endpoint (of `scope`, on an organization whose plan includes webhooks) with its load: attempts in flight, tokens in its bucket now, free slots
 * (the in-flight bound, 1 while half-open, minus attempts in flight). An open circuit gives no slot.
 */
function endpointLoad(now: Date, limits: ClaimLimits, scope: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT e."id", e."organizationId", e."isActive", s."lastClaimedAt",
      COALESCE(s."unreachableCount", 0) AS "unreachableCount",
      s."circuitOpenUntil" IS NOT NULL AS "isHalfOpen",
      s."circuitOpenUntil" IS NOT NULL AND s."circuitOpenUntil" > ${sqlTimestamp(now)} AS "isOpen",
      f."inFlight",
      LEAST(e."maxRequestsPerSecond"::float8,
        COALESCE(s."tokens" + EXTRACT(EPOCH FROM (${sqlTimestamp(now)} - s."refilledAt")) * e."maxRequestsPerSecond", e."maxRequestsPerSecond")) AS "tokens",
      (CASE WHEN s."circuitOpenUntil" IS NULL THEN ${limits.endpointMaxInFlight}::int ELSE 1 END) - f."inFlight" AS "freeSlots"
    FROM "WebhookEndpoint" e
    LEFT JOIN "WebhookEndpointSchedule" s ON s."endpointId" = e."id"
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "inFlight" FROM "WebhookDelivery" l WHERE l."endpointId" = e."id" AND ${isLeaseHeld(now, Prisma.raw(`l`))}
    ) f
    WHERE ${scope} AND ${isPlanActive}`;
}

/** Endpoints that may be sent to now: active, circuit not open, a free slot and a whole token. */
const isSendable = Prisma.sql`"isActive" AND NOT "isOpen" AND "freeSlots" >= 1 AND "tokens" >= 1`;

/**
 * Statement 1: up to `limit` organizations with a sendable endpoint that has due work and a free
 * organization slot, least recently served first, locked. The counts here come from a snapshot taken
 * before the locks and only choose candidates; statement 2 counts again. Locks are taken in id order,
 * so claims that want the same organizations wait for each other (a claim lasts milliseconds) and
 * never deadlock; a worker is never turned away from the only organization with work.
 */
export function lockOrganizationsStatement(now: Date, limits: ClaimLimits, limit: number): Prisma.Sql {
  return Prisma.sql`
    WITH ${LIVE_WORKERS},
    load AS (${endpointLoad(now, limits, Prisma.sql`e."isActive"`)}),
    candidates AS MATERIALIZED (
      SELECT l."organizationId", max(l."lastClaimedAt") AS "servedAt"
      FROM load l
      WHERE ${isSendable}
        -- The endpoint's oldest due delivery, by its index, as a scalar subquery with its order: an
        -- EXISTS would let the planner look for any due row with a scan of the table (most rows of a
        -- large backlog are due), which reads the whole backlog of other endpoints first.
        AND ((SELECT d."nextAttemptAt" FROM "WebhookDelivery" d WHERE d."endpointId" = l."id" AND ${isDue(now)} ORDER BY d."nextAttemptAt" LIMIT 1) IS NOT NULL
          OR (SELECT d."manualAttemptRequestedAt" FROM "WebhookDelivery" d WHERE d."endpointId" = l."id" AND ${isManualDue(now)} ORDER BY d."manualAttemptRequestedAt" LIMIT 1) IS NOT NULL)
      GROUP BY l."organizationId"
      HAVING (SELECT sum(o."inFlight") FROM load o WHERE o."organizationId" = l."organizationId") < ${limits.organizationMaxInFlight}::int
      ORDER BY "servedAt" ASC NULLS FIRST, l."organizationId"
      LIMIT ${limit}::int
    ),
    locked AS MATERIALIZED (
      SELECT c."organizationId", pg_advisory_xact_lock(${CLAIM_LOCK_NAMESPACE}::int, hashtext(c."organizationId"))::text AS "lock"
      FROM (SELECT "organizationId" FROM candidates ORDER BY "organizationId") c
    )
    SELECT c."organizationId" FROM candidates c JOIN locked USING ("organizationId")`;
}


/**
 * Statement 2, for the organizations locked by statement 1 (least recently served first): each sendable endpoint offers its
 * oldest due deliveries up to its allowance (free slots, whole tokens); an organization takes them
 * round robin over its endpoints (least recently served first) up to its free slots; the batch takes
 * first rounds first across organizations. Then leases the rows (FOR UPDATE SKIP LOCKED), spends the
 * tokens and stamps each endpoint's turn, all in this one statement.
 */
export function claimStatement(now: Date, limits: ClaimLimits, options: { limit: number; leaseUntil: string; organizationIds: string[]; workerKey?: number }): Prisma.Sql {
  // A worker claims only while its own identity lock is held: a lease naming a dead key would be free at once.
  const isClaimerAlive = options.workerKey === undefined ? Prisma.sql`true` : Prisma.sql`${options.workerKey}::int8 IN (SELECT "key" FROM live_workers)`;
  return Prisma.sql`
    WITH ${LIVE_WORKERS},
    load AS MATERIALIZED (${endpointLoad(now, limits, Prisma.sql`e."organizationId" = ANY(${options.organizationIds}::text[])`)}),
    organization_free AS (
      SELECT "organizationId", ${limits.organizationMaxInFlight}::int - sum("inFlight")::int AS "free", max("lastClaimedAt") AS "servedAt"
      FROM load GROUP BY "organizationId"
    ),
    offered AS (
      SELECT l."id" AS "endpointId", l."organizationId", l."lastClaimedAt", due."id", due."round"
      FROM load l
      CROSS JOIN LATERAL (
        -- Requested manual attempts first (oldest request first), then the schedule's oldest due.
        SELECT c."id", row_number() OVER (ORDER BY c."isManual" DESC, c."dueAt") AS "round"
        FROM (
          (SELECT d."id", true AS "isManual", d."manualAttemptRequestedAt" AS "dueAt" FROM "WebhookDelivery" d
            WHERE d."endpointId" = l."id" AND ${isManualDue(now)}
            ORDER BY d."manualAttemptRequestedAt" LIMIT GREATEST(0, LEAST(l."freeSlots", floor(l."tokens")::int, ${options.limit}::int)))
          UNION ALL
          (SELECT d."id", false, d."nextAttemptAt" FROM "WebhookDelivery" d
            WHERE d."endpointId" = l."id" AND ${isDue(now)} AND d."manualAttemptRequestedAt" IS NULL
            ORDER BY d."nextAttemptAt" LIMIT GREATEST(0, LEAST(l."freeSlots", floor(l."tokens")::int, ${options.limit}::int)))
        ) c
        ORDER BY c."isManual" DESC, c."dueAt"
        LIMIT GREATEST(0, LEAST(l."freeSlots", floor(l."tokens")::int, ${options.limit}::int))
      ) due
      WHERE ${isSendable}
    ),
    turns AS (
      SELECT o."id", o."organizationId", o."round",
        row_number() OVER (PARTITION BY o."organizationId" ORDER BY o."round", o."lastClaimedAt" ASC NULLS FIRST, o."endpointId") AS "turn"
      FROM offered o
    ),
    chosen AS (
      SELECT t."id" FROM turns t JOIN organization_free f ON f."organizationId" = t."organizationId"
      WHERE t."turn" <= f."free"
      ORDER BY t."turn", f."servedAt" ASC NULLS FIRST, t."organizationId"
      LIMIT ${options.limit}::int
    ),
    locked AS (
      SELECT d."id" FROM "WebhookDelivery" d
      WHERE d."id" IN (SELECT "id" FROM chosen) AND ${isClaimable(now)} AND ${isClaimerAlive}
      FOR UPDATE OF d SKIP LOCKED
    ),
    claimed AS (
      UPDATE "WebhookDelivery" AS d
      SET "leaseUntil" = ${options.leaseUntil}::timestamp(3), "leasedBy" = ${options.workerKey ?? null}::int
      FROM locked, "WebhookEndpoint" e, "WebhookEvent" v, load l
      WHERE d."id" = locked."id" AND e."id" = d."endpointId" AND v."id" = d."eventId" AND l."id" = d."endpointId"
      RETURNING d."id" AS "deliveryId", d."endpointId", d."organizationId", d."eventId", d."eventType", d."attempts",
        d."manualAttempts", d."manualAttemptRequestedAt" IS NOT NULL AS "isManual", d."isTest",
        ${options.leaseUntil}::text AS "leaseUntil", d."leasedBy", e."url", e."secret", e."sealedPrivateKey", v."payload",
        -- Signed with the replaced secret too until the rotation's overlap ends.
        CASE WHEN e."previousSecretExpiresAt" > ${sqlTimestamp(now)} THEN e."previousSecret" END AS "previousSecret",
        l."unreachableCount", l."isHalfOpen" AS "isProbe"
    ),
    spent AS (
      SELECT "endpointId", count(*)::int AS "count" FROM claimed GROUP BY "endpointId"
    ),
    schedule AS (
      INSERT INTO "WebhookEndpointSchedule" ("endpointId", "organizationId", "lastClaimedAt", "tokens", "refilledAt")
      SELECT s."endpointId", l."organizationId", ${sqlTimestamp(now)}, l."tokens" - s."count", ${sqlTimestamp(now)}
      FROM spent s JOIN load l ON l."id" = s."endpointId"
      ON CONFLICT ("endpointId") DO UPDATE SET
        "lastClaimedAt" = EXCLUDED."lastClaimedAt", "tokens" = EXCLUDED."tokens", "refilledAt" = EXCLUDED."refilledAt"
    )
    SELECT * FROM claimed`;
}

/**
 * Takes up to `limit` due deliveries fairly (see the file header) under a lease naming `workerKey`
 * (the claiming worker's identity, when it has one): pending, due, lease free, run out or its worker
 * dead, endpoint active (a disabled endpoint's deliveries wait for it to be re-enabled),
 * within every endpoint's and organization's bounds. Safe to run from any number of workers at once.
 */
export async function claimDueDeliveries(
  db: Db,
  options: { limit: number; leaseMs: number; now?: Date; limits?: ClaimLimits; workerKey?: number },
): Promise<ScheduledDelivery[]> {
  if (options.limit < 1) return [];
  const now = options.now ?? new Date();
  const limits = options.limits ?? claimLimitsFromEnv();
  const leaseUntil = new Date(now.getTime() + options.leaseMs).toISOString();
  // Two statements in one transaction: the second, for the organizations the first locked, takes
  // its snapshot after the locks. Nothing locked (nothing due): no second statement.
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ organizationId: string }[]>(lockOrganizationsStatement(now, limits, options.limit));
    if (!locked.length) return [];
    const organizationIds = locked.map((row) => row.organizationId);
    return tx.$queryRaw<ScheduledDelivery[]>(claimStatement(now, limits, { limit: options.limit, leaseUntil, organizationIds, workerKey: options.workerKey }));
  });
}
