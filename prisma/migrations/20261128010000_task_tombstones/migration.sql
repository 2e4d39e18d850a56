-- CreateIndex
CREATE INDEX "Task_organizationId_deletedAt_id_idx" ON "Task"("organizationId", "deletedAt", "id");
