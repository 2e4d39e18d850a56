-- CreateIndex
CREATE INDEX "Constellation_organizationId_updatedAt_idx" ON "Constellation"("organizationId", "updatedAt");

-- CreateIndex
CREATE INDEX "Customer_organizationId_updatedAt_idx" ON "Customer"("organizationId", "updatedAt");

-- CreateIndex
CREATE INDEX "Task_organizationId_updatedAt_idx" ON "Task"("organizationId", "updatedAt");
