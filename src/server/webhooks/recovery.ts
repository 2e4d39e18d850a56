// Recover requests (app-api section 8) worked through by the delivery worker in bounded batches: the
// request answered at once; this marks its failed deliveries for a manual attempt, a batch a pass.
import type { Db } from "@/server/db";

/** Deliveries one worker pass marks for a recover request. */
export const RECOVERY_BATCH = 500;

/**
 * Works through one recover request: the next `batchSize` (RECOVERY_BATCH) failed deliveries in (createdAt, id)
 * order get a manual attempt requested; the request's cursor moves on, and it is deleted when done.
 * Organizations take turns: the request picked is the oldest of the least recently served
 * organization (every request of the organization served is stamped), so one organization's many
 * large recoveries never hold back another's. The request row is locked (SKIP LOCKED), so concurrent
 * workers take different requests. Returns how many deliveries were marked.
 */
export async function markRecoveredDeliveries(db: Db, now = new Date(), batchSize = RECOVERY_BATCH): Promise<number> {
  return db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string; organizationId: string }[]>`
      SELECT r."id", r."organizationId" FROM "WebhookRecovery" r
      ORDER BY (SELECT max(o."servedAt") FROM "WebhookRecovery" o WHERE o."organizationId" = r."organizationId") ASC NULLS FIRST, r."createdAt", r."id"
      LIMIT 1 FOR UPDATE OF r SKIP LOCKED`;
    if (!locked) return 0;
    const recovery = await tx.webhookRecovery.findUniqueOrThrow({ where: { id: locked.id } });
    const batch = await tx.webhookDelivery.findMany({
      where: {
        endpointId: recovery.endpointId,
        organizationId: recovery.organizationId,
        status: "failed",
        createdAt: { gte: recovery.since, lte: recovery.until },
        ...(recovery.cursorCreatedAt && recovery.cursorId
          ? { OR: [{ createdAt: { gt: recovery.cursorCreatedAt } }, { createdAt: recovery.cursorCreatedAt, id: { gt: recovery.cursorId } }] }
          : {}),
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: batchSize,
      select: { id: true, createdAt: true },
    });
    if (batch.length) {
      await tx.webhookDelivery.updateMany({
        where: { id: { in: batch.map((row) => row.id) }, organizationId: recovery.organizationId, manualAttemptRequestedAt: null },
        data: { manualAttemptRequestedAt: now },
      });
    }
    await tx.webhookRecovery.updateMany({ where: { organizationId: recovery.organizationId }, data: { servedAt: now } });
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) await tx.webhookRecovery.delete({ where: { id: recovery.id } });
    else await tx.webhookRecovery.update({ where: { id: recovery.id }, data: { cursorCreatedAt: last.createdAt, cursorId: last.id } });
    return batch.length;
  });
}
