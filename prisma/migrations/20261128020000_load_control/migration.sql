-- The fan-out (src/server/webhooks/fan-out.ts) reads only events still to fan out: which
-- organizations have some (a skip scan, one index probe per organization) and each one's oldest. A
-- partial index holds just those rows, however large the history of events already fanned out, so
-- neither read grows with an organization's backlog or history. (Partial indexes are not expressed in
-- schema.prisma, and its schema diff leaves them alone.)
DROP INDEX "WebhookEvent_fannedOutAt_organizationId_createdAt_id_idx";

CREATE INDEX "WebhookEvent_to_fan_out_idx" ON "WebhookEvent" ("organizationId", "createdAt", "id") WHERE "fannedOutAt" IS NULL;

-- The worker holding a delivery's lease (the key of its identity lock, src/server/webhooks/worker-identity.ts).
ALTER TABLE "WebhookDelivery" ADD COLUMN     "leasedBy" INTEGER;

-- Login and invitation throttles (src/server/services/auth/throttle.ts): each attempt prunes a few
-- expired failure rows of any key, oldest first, so a flood of new keys (random emails) leaves none behind.
CREATE INDEX "LoginFailure_createdAt_idx" ON "LoginFailure"("createdAt");
