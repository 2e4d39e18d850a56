-- CreateIndex
CREATE INDEX "TimeLog_organizationId_updatedAt_idx" ON "TimeLog"("organizationId", "updatedAt");

-- CreateIndex
CREATE INDEX "TimeLog_organizationId_deletedAt_id_idx" ON "TimeLog"("organizationId", "deletedAt", "id");
