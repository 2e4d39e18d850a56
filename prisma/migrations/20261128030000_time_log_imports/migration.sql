-- CreateEnum
CREATE TYPE "TimeLogImportStatus" AS ENUM ('writing', 'done');

-- AlterTable
ALTER TABLE "TimeLog" ADD COLUMN     "billedExternally" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "TimeLogImport" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" "TimeLogImportStatus" NOT NULL,
    "rows" INTEGER NOT NULL,
    "logs" INTEGER NOT NULL DEFAULT 0,
    "createdCustomerIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdProjectIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdTaskIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "TimeLogImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TimeLogImport_organizationId_status_idx" ON "TimeLogImport"("organizationId", "status");

-- AddForeignKey
ALTER TABLE "TimeLogImport" ADD CONSTRAINT "TimeLogImport_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
