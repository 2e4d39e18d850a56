-- DropIndex
DROP INDEX "WebhookRecovery_createdAt_idx";

-- AlterTable
ALTER TABLE "WebhookRecovery" ADD COLUMN     "servedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "WebhookRecovery_organizationId_idx" ON "WebhookRecovery"("organizationId");

-- Merge requests already queued for one endpoint into its oldest (the widest range, from the start).
UPDATE "WebhookRecovery" r SET "since" = m."since", "until" = m."until", "cursorCreatedAt" = NULL, "cursorId" = NULL
FROM (SELECT "endpointId", min("since") AS "since", max("until") AS "until", min("createdAt") AS "createdAt", count(*) AS "count"
      FROM "WebhookRecovery" GROUP BY "endpointId" HAVING count(*) > 1) m
WHERE r."endpointId" = m."endpointId" AND r."createdAt" = m."createdAt";
DELETE FROM "WebhookRecovery" r USING "WebhookRecovery" o
WHERE o."endpointId" = r."endpointId" AND (o."createdAt", o."id") < (r."createdAt", r."id");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookRecovery_endpointId_key" ON "WebhookRecovery"("endpointId");
