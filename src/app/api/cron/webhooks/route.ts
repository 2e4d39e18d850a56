// POST /api/cron/webhooks: sends the due webhook deliveries (scheduler or a second worker) and prunes
// one batch of old history, Bearer CRON_SECRET.
import { getEnv } from "@/env";
import { getDatabase } from "@/server/db";
import { AppError } from "@/server/errors";
import { errorResponse, jsonResponse } from "@/server/http/responses";
import { observed } from "@/server/http/observe";
import { successEnvelope } from "@/server/lib/envelope";
import { drainDueDeliveries } from "@/server/webhooks/deliver";
import { isAuthorizedCronRequest } from "@/server/webhooks/cron-auth";
import { pruneWebhookHistory } from "@/server/webhooks/retention";
import { pruneSessions } from "@/server/lib/session-retention";
import { withWorkerIdentity } from "@/server/webhooks/worker-identity";
import { getLogger } from "@/server/operations/logger";

export const POST = observed(async (request: Request): Promise<Response> => {
  try {
    if (!isAuthorizedCronRequest(request.headers.get("authorization"), getEnv().cronSecret)) {
      throw new AppError("unauthorized", "A valid cron bearer token is required.");
    }
    const database = await getDatabase();
    const db = database.prisma;
    // Under an identity of its own, like a worker: if this process dies mid-drain, its leases are free at once.
    const counts = await withWorkerIdentity(database, (identity) => drainDueDeliveries(db, { workerKey: identity.key, signal: identity.lost }));
    // One bounded retention batch per call; a failure here never fails the delivery work.
    await pruneWebhookHistory(db, { retentionDays: getEnv().webhookRetentionDays }).catch((error: unknown) => {
      getLogger().error({ err: error }, "webhook retention failed");
    });
    await pruneSessions(db).catch((error: unknown) => {
      getLogger().error({ err: error }, "session pruning failed");
    });
    return jsonResponse(successEnvelope(counts), 200);
  } catch (error) {
    return errorResponse(error);
  }
});
