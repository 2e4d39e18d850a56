-- CreateEnum
CREATE TYPE "WeekStart" AS ENUM ('monday', 'sunday');

-- CreateEnum
CREATE TYPE "TimeFormat" AS ENUM ('h12', 'h24');

-- CreateEnum
CREATE TYPE "DurationFormat" AS ENUM ('hm', 'decimal', 'hms');

-- CreateEnum
CREATE TYPE "Theme" AS ENUM ('system', 'light', 'dark');

-- AlterTable
ALTER TABLE "RunningTimer" ADD COLUMN     "constellationId" TEXT;

-- AlterTable
ALTER TABLE "TimeLog" ADD COLUMN     "constellationId" TEXT,
ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Backfill: a log was last changed when it was created, and its project is its task's primary project.
UPDATE "TimeLog" l SET "updatedAt" = l."createdAt",
  "constellationId" = (SELECT t."primaryConstellationId" FROM "Task" t WHERE t."id" = l."taskId");

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "durationFormat" "DurationFormat" NOT NULL DEFAULT 'hm',
ADD COLUMN     "theme" "Theme" NOT NULL DEFAULT 'system',
ADD COLUMN     "timeFormat" "TimeFormat" NOT NULL DEFAULT 'h24',
ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN     "weekStart" "WeekStart" NOT NULL DEFAULT 'monday';

-- CreateIndex
CREATE INDEX "TimeLog_organizationId_constellationId_startedAt_id_idx" ON "TimeLog"("organizationId", "constellationId", "startedAt", "id");

-- AddForeignKey
ALTER TABLE "TimeLog" ADD CONSTRAINT "TimeLog_constellationId_fkey" FOREIGN KEY ("constellationId") REFERENCES "Constellation"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunningTimer" ADD CONSTRAINT "RunningTimer_constellationId_fkey" FOREIGN KEY ("constellationId") REFERENCES "Constellation"("id") ON DELETE SET NULL ON UPDATE CASCADE;
