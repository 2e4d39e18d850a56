-- DropIndex
DROP INDEX "Task_organizationId_assigneeId_createdAt_id_idx";

-- DropIndex
DROP INDEX "Task_organizationId_customerId_createdAt_id_idx";

-- DropIndex
DROP INDEX "Task_organizationId_deletedAt_id_idx";

-- DropIndex
DROP INDEX "Task_organizationId_primaryConstellationId_idx";

-- CreateIndex
CREATE INDEX "Task_organizationId_assigneeId_createdAt_id_idx" ON "Task"("organizationId", "assigneeId", "createdAt", "id") WHERE ("assigneeId" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Task_organizationId_customerId_createdAt_id_idx" ON "Task"("organizationId", "customerId", "createdAt", "id") WHERE ("customerId" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Task_organizationId_deletedAt_id_idx" ON "Task"("organizationId", "deletedAt", "id") WHERE ("deletedAt" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Task_organizationId_primaryConstellationId_idx" ON "Task"("organizationId", "primaryConstellationId") WHERE ("primaryConstellationId" IS NOT NULL);
