// Rows for the engine tests, written with Prisma directly; events go through the real outbox.
import { randomBytes } from "node:crypto";
import { resetEnvCache } from "@/env";
import { getDb, type Db } from "@/server/db";
import { drainDueDeliveries, type DrainCounts, type DrainOptions } from "@/server/webhooks/deliver";
import { enqueueEvent } from "@/server/webhooks/enqueue";
import { exampleEventData, type EventData, type EventType, type NewEvent } from "@/server/webhooks/events";

/** Development runtime (http://127.0.0.1 receivers allowed) and a tiny retry base for this test file. */
export function useEngineEnvironment(overrides: Record<string, string> = {}): void {
  Object.assign(process.env, { APP_ENV: "development", WEBHOOK_RETRY_BASE_SECONDS: "0.001", ...overrides });
  resetEnvCache();
}

export async function createOrganization(db: Db, name = "Acme"): Promise<string> {
  return (await db.organization.create({ data: { name, plan: "pro" } })).id;
}

export const newSecret = () => `whsec_${randomBytes(32).toString("hex")}`;

export async function createEndpoint(
  db: Db,
  organizationId: string,
  url: string,
  options: { eventTypes?: EventType[]; isActive?: boolean; consecutiveFailures?: number } = {},
) {
  return db.webhookEndpoint.create({
    data: {
      organizationId,
      url,
      secret: newSecret(),
      eventTypes: options.eventTypes ?? ["time_log.created", "invoice.created"],
      isActive: options.isActive ?? true,
      consecutiveFailures: options.consecutiveFailures ?? 0,
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

/** Commits one event through the outbox, as a producer does. */
export async function emit(db: Db, organizationId: string, type: EventType = "time_log.created") {
  const event: NewEvent =
    type === "time_log.created" ? { organizationId, type, data: timeLogData(organizationId) } : { organizationId, type, data: exampleEventData(type, organizationId) };
  return db.$transaction((tx) => enqueueEvent(tx, event));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drains repeatedly until no delivery of an active endpoint is pending (retries included). */
export async function drainUntilSettled(db: Db, options: DrainOptions = {}, maxRounds = 200): Promise<DrainCounts> {
  const totals: DrainCounts = { claimed: 0, succeeded: 0, retried: 0, failed: 0 };
  for (let round = 0; round < maxRounds; round += 1) {
    const counts = await drainDueDeliveries(db, { timeoutMs: 2_000, ...options });
    for (const key of Object.keys(totals) as (keyof DrainCounts)[]) totals[key] += counts[key];
    const pending = await db.webhookDelivery.count({ where: { status: "pending", endpoint: { isActive: true } } });
    if (!pending) return totals;
    await sleep(5);
  }
  throw new Error("deliveries did not settle");
}

export { getDb };
