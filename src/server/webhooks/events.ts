// The event catalog (contract section 6.1). New types are added here only.
export const EVENT_TYPES = ["time_log.created", "invoice.created"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

import type { Tx } from "@/server/db";

/** NOTIFY channel that wakes delivery workers when a transaction queued deliveries. */
export const DELIVERY_CHANNEL = "orbit_webhook_deliveries";

/**
 * Wakes every delivery worker (on PostgreSQL, every instance's) once `tx` commits: PostgreSQL
 * delivers a NOTIFY on commit only, so workers never wake for rolled back work.
 */
export async function wakeDeliveryWorkers(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, '')`;
}
