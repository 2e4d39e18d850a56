-- CreateEnum
CREATE TYPE "BudgetKind" AS ENUM ('hours', 'amount');

-- CreateEnum
CREATE TYPE "BudgetPeriod" AS ENUM ('total', 'monthly');

-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'budget_threshold';

-- AlterTable
ALTER TABLE "Constellation" ADD COLUMN     "budgetAlertPercents" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "budgetKind" "BudgetKind",
ADD COLUMN     "budgetPeriod" "BudgetPeriod",
ADD COLUMN     "budgetValue" DOUBLE PRECISION,
ADD COLUMN     "hourlyRateCents" INTEGER;

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "budgetPeriodKey" TEXT,
ADD COLUMN     "constellationId" TEXT,
ADD COLUMN     "thresholdPercent" INTEGER,
ALTER COLUMN "endpointId" DROP NOT NULL,
ALTER COLUMN "endpointUrl" DROP NOT NULL,
ALTER COLUMN "consecutiveFailures" DROP NOT NULL;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "billableRateCents" INTEGER,
ADD COLUMN     "costRateCents" INTEGER;

-- CreateTable
CREATE TABLE "ConstellationMemberRate" (
    "constellationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "hourlyRateCents" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConstellationMemberRate_pkey" PRIMARY KEY ("constellationId","userId")
);

-- CreateIndex
CREATE INDEX "ConstellationMemberRate_organizationId_constellationId_user_idx" ON "ConstellationMemberRate"("organizationId", "constellationId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_constellationId_budgetPeriodKey_thresholdPerce_key" ON "Notification"("constellationId", "budgetPeriodKey", "thresholdPercent");

-- AddForeignKey
ALTER TABLE "ConstellationMemberRate" ADD CONSTRAINT "ConstellationMemberRate_constellationId_fkey" FOREIGN KEY ("constellationId") REFERENCES "Constellation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConstellationMemberRate" ADD CONSTRAINT "ConstellationMemberRate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
