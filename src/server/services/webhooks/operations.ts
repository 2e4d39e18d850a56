// What an admin does to deliveries beyond the contract (app-api section 8): resend one, recover every
// failed one since an instant, send a test event. None sends anything itself: each asks for an
// attempt that the leased delivery worker makes (a crash loses nothing, two workers never make the
// same attempt), and none changes an event's stored bytes.
import { Prisma } from "@/generated/prisma/client";
import type { Db, Tx } from "@/server/db";
import { AppError, notFound } from "@/server/errors";
import { newId } from "@/server/lib/ids";
import {
  serializeOperationDelivery,
  webhookOperationDeliverySelect,
  type DeliveryIdInput,
  type OperationDeliveryView,
  type RecoverDeliveriesInput,
  type SendTestEventInput,
} from "@/server/contract/webhook-delivery";
import type { Actor } from "@/server/services/auth/account";
import { wakeDeliveryWorkers } from "@/server/webhooks/enqueue";
import { exampleEventData } from "@/server/webhooks/events";

/** Recover looks back at most this far (app-api section 8). */
export const RECOVER_MAX_DAYS = 14;
const DAY_MS = 86_400_000;

/** The caller's endpoint, which must be active for an attempt to be asked of it. */
async function activeEndpoint(tx: Tx, actor: Actor, id: string) {
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, isActive: true } });
  if (!endpoint) throw notFound("Webhook endpoint");
  if (!endpoint.isActive) throw new AppError("conflict", "The endpoint is disabled; enable it before sending to it.");
  return endpoint;
}

/** Resend: one manual attempt of this delivery, same body and ids, a fresh signature. */
export async function resendDelivery(db: Db, actor: Actor, input: DeliveryIdInput): Promise<OperationDeliveryView> {
  return db.$transaction(async (tx) => {
    await activeEndpoint(tx, actor, input.id);
    const where = { id: input.deliveryId, endpointId: input.id, organizationId: actor.organizationId };
    const requested = await tx.webhookDelivery.updateMany({ where: { ...where, manualAttemptRequestedAt: null }, data: { manualAttemptRequestedAt: new Date() } });
    const delivery = await tx.webhookDelivery.findFirst({ where, select: webhookOperationDeliverySelect });
    if (!delivery) throw notFound("Webhook delivery");
    if (requested.count) await wakeDeliveryWorkers(tx);
    return serializeOperationDelivery(delivery);
  });
}

const recoveryPending = () =>
  new AppError("conflict", "A recovery of this endpoint is still being worked through; try again when it is done.");

/**
 * Recover: a manual attempt for every failed delivery of this endpoint whose event was created at or
 * after `since`. Answers at once with the count; the worker marks them in bounded batches
 * (`markRecoveredDeliveries` in webhooks/recovery.ts), so thousands cost the request one count and one row.
 * One request per endpoint at a time (a unique index): a second while the first is pending is a 409.
 */
export async function recoverDeliveries(db: Db, actor: Actor, input: RecoverDeliveriesInput, now = new Date()): Promise<{ queued: number }> {
  if (input.since.getTime() > now.getTime()) throw new AppError("validation_error", "since: must not be in the future", { details: [{ field: "since", message: "must not be in the future" }] });
  if (input.since.getTime() < now.getTime() - RECOVER_MAX_DAYS * DAY_MS) {
    const message = `must be at most ${RECOVER_MAX_DAYS} days ago`;
    throw new AppError("validation_error", `since: ${message}`, { details: [{ field: "since", message }] });
  }
  try {
    return await db.$transaction(async (tx) => {
      await activeEndpoint(tx, actor, input.id);
      if (await tx.webhookRecovery.findFirst({ where: { endpointId: input.id, organizationId: actor.organizationId }, select: { id: true } })) throw recoveryPending();
      // A delivery is created with its event (enqueue.ts), so its createdAt is the event's.
      const queued = await tx.webhookDelivery.count({
        where: { endpointId: input.id, organizationId: actor.organizationId, status: "failed", createdAt: { gte: input.since, lte: now } },
      });
      if (queued) {
        await tx.webhookRecovery.create({ data: { organizationId: actor.organizationId, endpointId: input.id, since: input.since, until: now } });
        await wakeDeliveryWorkers(tx);
      }
      return { queued };
    });
  } catch (error) {
    // Two requests that both found none pending: the unique index lets one in.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw recoveryPending();
    throw error;
  }
}

/**
 * A test event: a new event of `eventType` with example data (the organization's real id) and one
 * delivery, to this endpoint only, through the normal pipeline. Its delivery is marked `isTest`, so
 * its outcomes never touch the endpoint's counters or state.
 */
export async function sendTestEvent(db: Db, actor: Actor, input: SendTestEventInput): Promise<OperationDeliveryView> {
  return db.$transaction(async (tx) => {
    await activeEndpoint(tx, actor, input.id);
    const createdAt = new Date();
    const eventId = newId("evt");
    const data = exampleEventData(input.eventType, actor.organizationId);
    const payload = JSON.stringify({ id: eventId, type: input.eventType, createdAt: createdAt.toISOString(), data });
    await tx.webhookEvent.create({ data: { id: eventId, organizationId: actor.organizationId, type: input.eventType, payload, createdAt, isTest: true, fannedOutAt: createdAt } });
    const delivery = await tx.webhookDelivery.create({
      data: { id: newId("dlv"), organizationId: actor.organizationId, endpointId: input.id, eventId, eventType: input.eventType, createdAt, nextAttemptAt: createdAt, isTest: true },
      select: webhookOperationDeliverySelect,
    });
    await wakeDeliveryWorkers(tx);
    return serializeOperationDelivery(delivery);
  });
}
