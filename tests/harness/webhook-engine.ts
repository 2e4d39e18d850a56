// Rows for the engine tests, written with Prisma directly; events go through the real outbox.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach } from "vitest";
import { getEnv, resetEnvCache } from "@/env";
import { getDatabase, getDb, openDatabase, Prisma, type Database, type Db } from "@/server/db";
import type { Clock } from "@/server/webhooks/clock";
import { drainDueDeliveries, type DrainCounts, type DrainOptions } from "@/server/webhooks/deliver";
import { enqueueEvent } from "@/server/webhooks/enqueue";
import { fanOutAll } from "@/server/webhooks/fan-out";
import { exampleEventData, type EventData, type EventType, type NewEvent } from "@/server/webhooks/events";

/** Development runtime (http://127.0.0.1 receivers allowed) and a tiny retry base for this test file. */
export function useEngineEnvironment(overrides: Record<string, string> = {}): void {
  Object.assign(process.env, { APP_ENV: "development", WEBHOOK_RETRY_BASE_SECONDS: "0.001", ...overrides });
  resetEnvCache();
}

/** An engine test file's database (useEngineDatabase). */
export interface EngineDatabase {
  database: Database;
  db: Db;
  /** Registers what the running test started (a worker, a server) or changed, to be undone after it, the last first. */
  afterThisTest(undo: () => unknown): void;
}

/**
 * For a test file, at its top level: the engine's environment (useEngineEnvironment with `environment`)
 * and the database. After each test, what it registered with afterThisTest is undone, then the
 * deliveries (with `clearEndpoints`, the endpoints too) are deleted: each test starts from an empty
 * queue. After hooks run the last registered first: receivers of a useReceivers() called before this
 * close once the test's workers have stopped.
 */
export async function useEngineDatabase(options: { environment?: Record<string, string>; clearEndpoints?: boolean } = {}): Promise<EngineDatabase> {
  useEngineEnvironment(options.environment);
  const database = await getDatabase();
  const db = database.prisma;
  const undos: (() => unknown)[] = [];
  afterEach(async () => {
    for (const undo of undos.splice(0).reverse()) await undo();
    await db.webhookDelivery.deleteMany();
    if (options.clearEndpoints) await db.webhookEndpoint.deleteMany();
  });
  return { database, db, afterThisTest: (undo) => void undos.push(undo) };
}

/** A second worker's client: on PostgreSQL its own client and pool, as another process would have (closed after the file); on PGlite the same one. */
export function useSecondWorkerDb(database: Database): Db {
  if (database.kind !== "postgres") return database.prisma;
  const other = openDatabase(getEnv());
  afterAll(() => other.close());
  return other.prisma;
}

export async function createOrganization(db: Db, name = "Acme"): Promise<string> {
  return (await db.organization.create({ data: { name, plan: "pro" } })).id;
}

export const newSecret = () => `whsec_${randomBytes(32).toString("hex")}`;

export async function createEndpoint(
  db: Db,
  organizationId: string,
  url: string,
  options: { eventTypes?: EventType[]; isActive?: boolean; consecutiveFailures?: number; maxRequestsPerSecond?: number } = {},
) {
  return db.webhookEndpoint.create({
    data: {
      organizationId,
      url,
      secret: newSecret(),
      eventTypes: options.eventTypes ?? ["time_log.created", "invoice.created"],
      isActive: options.isActive ?? true,
      consecutiveFailures: options.consecutiveFailures ?? 0,
      ...(options.maxRequestsPerSecond === undefined ? {} : { maxRequestsPerSecond: options.maxRequestsPerSecond }),
    },
  });
}

export function timeLogData(organizationId: string): EventData<"time_log.created"> {
  return {
    timeLog: {
      id: `tl_${randomBytes(6).toString("hex")}`,
      taskId: "task_1",
      description: "Writing the café menu ✓",
      durationSeconds: 1800,
      startedAt: "2026-01-05T09:00:00.000Z",
      stoppedAt: "2026-01-05T09:30:00.000Z",
      tags: ["deep-work"],
      isBillable: true,
    },
    source: "timer_stop",
    userId: "user_1",
    organizationId,
  };
}

/**
 * Waits until the event is fanned out, running the fan-out (as the delivery worker's drain does first)
 * meanwhile; another drain running at once may be the one that fans it out.
 */
export async function fannedOut(db: Db, eventId: string): Promise<string[]> {
  for (let round = 0; round < 2_000; round += 1) {
    await fanOutAll(db);
    const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: eventId }, select: { fannedOutAt: true } });
    if (event.fannedOutAt) {
      const deliveries = await db.webhookDelivery.findMany({ where: { eventId }, orderBy: { id: "asc" }, select: { id: true } });
      return deliveries.map((delivery) => delivery.id);
    }
    await sleep(5);
  }
  throw new Error(`event ${eventId} was not fanned out`);
}

/** Commits one event through the outbox, as a producer does, and has it fanned out: its deliveries' ids. */
export async function emit(db: Db, organizationId: string, type: EventType = "time_log.created") {
  const event: NewEvent =
    type === "time_log.created" ? { organizationId, type, data: timeLogData(organizationId) } : { organizationId, type, data: exampleEventData(type, organizationId) };
  const { eventId } = await db.$transaction((tx) => enqueueEvent(tx, event));
  return { eventId, deliveryIds: await fannedOut(db, eventId) };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The engine's clock in a test: real time plus how far the test moved it, so rows written at real time stay in its past. */
export interface TestClock extends Clock {
  /** Moves the clock forward (leases run out, retries and cooldowns come due) without waiting. */
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}

/**
 * When the first attempt that no drain holds may be claimed (a pending delivery of an active endpoint,
 * or a requested manual attempt): its due time, its endpoint's circuit cooldown and the refill of one
 * token in its rate bucket, whichever is last. Null when every such attempt is held by a drain.
 */
async function nextClaimableAt(db: Db, now: Date): Promise<Date | null> {
  const at = Prisma.sql`${now.toISOString()}::timestamp(3)`;
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT min(COALESCE(GREATEST(
      CASE WHEN d."manualAttemptRequestedAt" IS NULL THEN d."nextAttemptAt" END,
      s."circuitOpenUntil",
      s."refilledAt" + make_interval(secs => (1 - s."tokens") / e."maxRequestsPerSecond")), ${at})) AS "at"
    FROM "WebhookDelivery" d
    JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
    LEFT JOIN "WebhookEndpointSchedule" s ON s."endpointId" = d."endpointId"
    WHERE (d."status" = 'pending' OR d."manualAttemptRequestedAt" IS NOT NULL) AND e."isActive"
      AND (d."leaseUntil" IS NULL OR d."leaseUntil" <= ${at})`;
  return row?.at ?? null;
}

/**
 * Drains repeatedly until `isSettled`. Between drains the clock moves to the next moment an attempt
 * can be claimed (a retry's backoff, a circuit's cooldown, a rate bucket's refill) instead of waiting
 * for it; when what is left is held by another drain running at once, it waits for that drain's attempts.
 */
export async function drainUntil(
  db: Db,
  isSettled: () => Promise<boolean>,
  options: Omit<DrainOptions, "clock"> & { clock?: TestClock } = {},
  maxRounds = 200,
): Promise<DrainCounts> {
  const clock = options.clock ?? testClock();
  const totals: DrainCounts = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
  for (let round = 0; round < maxRounds; round += 1) {
    const counts = await drainDueDeliveries(db, { timeoutMs: 2_000, ...options, clock });
    for (const key of Object.keys(totals) as (keyof DrainCounts)[]) totals[key] += counts[key];
    if (await isSettled()) return totals;
    const now = clock.now();
    const at = await nextClaimableAt(db, now);
    if (at && at > now) clock.advance(at.getTime() - now.getTime());
    else await sleep(5);
  }
  throw new Error("deliveries did not settle");
}

/** Whose deliveries a settle condition waits for: one organization's, or one endpoint's. */
export type DeliveryScope = { organizationId: string } | { endpointId: string };

/**
 * Drains until no delivery in `scope` of an active endpoint is pending (retries included); see
 * drainUntil. Scoped so that deliveries another test left behind never keep this one from settling.
 */
export function drainUntilSettled(db: Db, scope: DeliveryScope, options: Parameters<typeof drainUntil>[2] = {}, maxRounds = 200): Promise<DrainCounts> {
  return drainUntil(db, async () => !(await db.webhookDelivery.count({ where: { ...scope, status: "pending", endpoint: { isActive: true } } })), options, maxRounds);
}

export { getDb };
