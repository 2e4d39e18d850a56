-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "maxRequestsPerSecond" INTEGER NOT NULL DEFAULT 50;

-- CreateTable
CREATE TABLE "WebhookEndpointSchedule" (
    "endpointId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "lastClaimedAt" TIMESTAMP(3),
    "tokens" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "refilledAt" TIMESTAMP(3),
    "unreachableCount" INTEGER NOT NULL DEFAULT 0,
    "circuitOpenUntil" TIMESTAMP(3),

    CONSTRAINT "WebhookEndpointSchedule_pkey" PRIMARY KEY ("endpointId")
);

-- CreateIndex
CREATE INDEX "WebhookEndpointSchedule_organizationId_idx" ON "WebhookEndpointSchedule"("organizationId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_nextAttemptAt_idx" ON "WebhookDelivery"("endpointId", "status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_leaseUntil_idx" ON "WebhookDelivery"("endpointId", "leaseUntil");

-- AddForeignKey
ALTER TABLE "WebhookEndpointSchedule" ADD CONSTRAINT "WebhookEndpointSchedule_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
