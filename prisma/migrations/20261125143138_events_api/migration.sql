-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "isTest" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "WebhookEvent_organizationId_type_createdAt_id_idx" ON "WebhookEvent"("organizationId", "type", "createdAt", "id");
