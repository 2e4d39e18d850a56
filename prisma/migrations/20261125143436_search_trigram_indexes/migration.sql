-- Trigram matching for the search indexes below (PGlite loads it as a contrib extension, src/server/db.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Constellation_title_trgm_idx" ON "Constellation" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Constellation_goal_trgm_idx" ON "Constellation" USING GIN ("goal" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_name_trgm_idx" ON "Customer" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Customer_company_trgm_idx" ON "Customer" USING GIN ("company" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Task_title_trgm_idx" ON "Task" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Task_description_trgm_idx" ON "Task" USING GIN ("description" gin_trgm_ops);
