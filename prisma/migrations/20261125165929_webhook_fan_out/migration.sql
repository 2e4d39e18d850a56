-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "fannedOutAt" TIMESTAMP(3);

-- Events written before the fan-out moved out of the request already have their deliveries.
UPDATE "WebhookEvent" SET "fannedOutAt" = "createdAt";

-- CreateTable
CREATE TABLE "WebhookFanOutTurn" (
    "organizationId" TEXT NOT NULL,
    "servedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookFanOutTurn_pkey" PRIMARY KEY ("organizationId")
);

-- CreateIndex
CREATE INDEX "WebhookEvent_fannedOutAt_organizationId_createdAt_id_idx" ON "WebhookEvent"("fannedOutAt", "organizationId", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "WebhookFanOutTurn" ADD CONSTRAINT "WebhookFanOutTurn_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
