// An endpoint's circuit: after CIRCUIT_OPENS_AFTER consecutive attempts that got no HTTP answer
// (timeout, refused or reset connection, failed DNS), the endpoint gets no slot until a cooldown
// passes (the claim skips it), then one probe attempt at a time (half-open). A probe that gets any
// HTTP answer closes the circuit; one that does not opens it again for a longer cooldown. So a dead
// receiver costs about one slot now and then, not every slot for an attempt timeout each.
// Deliveries themselves are untouched: their attempts, backoff and the endpoint's consecutiveFailures
// follow the contract's rules; a delivery of an open circuit simply waits to be claimed.
import type { DbClient } from "@/server/db";
import type { ScheduledDelivery } from "@/server/webhooks/claim";
import type { AttemptOutcome } from "@/server/webhooks/state";

/** Consecutive unreachable attempts that open the circuit. */
export const CIRCUIT_OPENS_AFTER = 3;
/** The first cooldown; each further unreachable probe doubles it, up to CIRCUIT_MAX_COOLDOWN_MS. */
export const CIRCUIT_BASE_COOLDOWN_MS = 5_000;
export const CIRCUIT_MAX_COOLDOWN_MS = 300_000;

export interface CircuitOptions {
  baseCooldownMs?: number;
  /** When the attempt's outcome is recorded (the cooldown counts from it); the system time unless given. */
  now?: Date;
}

/** No HTTP answer at all: the receiver is down, silent or unreachable (not a receiver that answered an error). */
export const isUnreachable = (outcome: AttemptOutcome) => outcome.statusCode === null;

/**
 * Updates the endpoint's circuit after an attempt. Writes nothing in the common case (an answer from
 * an endpoint whose circuit was closed with no unreachable streak), so healthy delivery pays nothing.
 */
export async function recordCircuitOutcome(db: DbClient, claimed: ScheduledDelivery, outcome: AttemptOutcome, options: CircuitOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  if (!isUnreachable(outcome)) {
    if (claimed.unreachableCount === 0 && !claimed.isProbe) return;
    await db.$executeRaw`
      UPDATE "WebhookEndpointSchedule" SET "unreachableCount" = 0, "circuitOpenUntil" = NULL
      WHERE "endpointId" = ${claimed.endpointId} AND ("unreachableCount" <> 0 OR "circuitOpenUntil" IS NOT NULL)`;
    return;
  }
  const baseMs = options.baseCooldownMs ?? CIRCUIT_BASE_COOLDOWN_MS;
  // Counted on the locked row, so concurrent failures never lose a count; the cooldown doubles per
  // unreachable attempt beyond the threshold.
  await db.$executeRaw`
    UPDATE "WebhookEndpointSchedule" AS s SET
      "unreachableCount" = s."unreachableCount" + 1,
      "circuitOpenUntil" = CASE
        WHEN s."unreachableCount" + 1 >= ${CIRCUIT_OPENS_AFTER}::int THEN
          ${now.toISOString()}::timestamp(3) + make_interval(secs => LEAST(${CIRCUIT_MAX_COOLDOWN_MS}::float8,
            ${baseMs}::float8 * power(2, LEAST(s."unreachableCount" + 1 - ${CIRCUIT_OPENS_AFTER}::int, 20))) / 1000)
        ELSE s."circuitOpenUntil" END
    WHERE s."endpointId" = ${claimed.endpointId}`;
}
