-- CreateEnum
CREATE TYPE "AttemptTrigger" AS ENUM ('scheduled', 'manual');

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "isTest" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "manualAttemptRequestedAt" TIMESTAMP(3),
ADD COLUMN     "manualAttempts" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "WebhookAttempt" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "trigger" "AttemptTrigger" NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "statusCode" INTEGER,
    "responseBody" TEXT,
    "error" TEXT,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookRecovery" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "endpointId" TEXT NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,
    "until" TIMESTAMP(3) NOT NULL,
    "cursorCreatedAt" TIMESTAMP(3),
    "cursorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookRecovery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookAttempt_deliveryId_number_idx" ON "WebhookAttempt"("deliveryId", "number");

-- CreateIndex
CREATE INDEX "WebhookAttempt_endpointId_startedAt_idx" ON "WebhookAttempt"("endpointId", "startedAt");

-- CreateIndex
CREATE INDEX "WebhookAttempt_startedAt_idx" ON "WebhookAttempt"("startedAt");

-- CreateIndex
CREATE INDEX "WebhookRecovery_createdAt_idx" ON "WebhookRecovery"("createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_manualAttemptRequestedAt_idx" ON "WebhookDelivery"("endpointId", "manualAttemptRequestedAt");

-- CreateIndex
CREATE INDEX "WebhookEvent_createdAt_idx" ON "WebhookEvent"("createdAt");

-- AddForeignKey
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookRecovery" ADD CONSTRAINT "WebhookRecovery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
