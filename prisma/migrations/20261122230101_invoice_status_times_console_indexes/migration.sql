-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "issuedAt" TIMESTAMP(3),
ADD COLUMN     "paidAt" TIMESTAMP(3),
ADD COLUMN     "voidedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Invoice_organizationId_status_createdAt_id_idx" ON "Invoice"("organizationId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_createdAt_id_idx" ON "WebhookDelivery"("endpointId", "status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_organizationId_completedAt_idx" ON "WebhookDelivery"("organizationId", "completedAt");
