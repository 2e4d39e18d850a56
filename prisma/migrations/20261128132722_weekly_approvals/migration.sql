-- CreateEnum
CREATE TYPE "ApprovalStatus" AS ENUM ('submitted', 'approved', 'rejected', 'reopened');

-- CreateTable
CREATE TABLE "Approval" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "weekStart" DATE NOT NULL,
    "status" "ApprovalStatus" NOT NULL DEFAULT 'submitted',
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Approval_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Approval_organizationId_weekStart_id_idx" ON "Approval"("organizationId", "weekStart" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Approval_organizationId_status_weekStart_id_idx" ON "Approval"("organizationId", "status", "weekStart" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Approval_organizationId_userId_status_weekStart_id_idx" ON "Approval"("organizationId", "userId", "status", "weekStart" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Approval_organizationId_userId_weekStart_key" ON "Approval"("organizationId", "userId", "weekStart");

-- AddForeignKey
ALTER TABLE "Approval" ADD CONSTRAINT "Approval_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Approval" ADD CONSTRAINT "Approval_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Approval" ADD CONSTRAINT "Approval_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
