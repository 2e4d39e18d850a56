-- Task search (src/server/services/tasks/tasks.ts): trigram indexes over the organization id of a
-- task followed by its text. A search for `<organizationId> %term%` on these expressions gets from
-- the index only the tasks of that organization holding the trigrams of the term, where the indexes
-- on the text alone handed over those of every organization. Indexes on expressions are not in
-- schema.prisma (Prisma cannot express them, and its schema diff leaves them alone).
DROP INDEX "Task_title_trgm_idx";

DROP INDEX "Task_description_trgm_idx";

CREATE INDEX "Task_organization_title_trgm_idx" ON "Task" USING GIN (("organizationId" || ' ' || "title") gin_trgm_ops);

CREATE INDEX "Task_organization_description_trgm_idx" ON "Task" USING GIN (("organizationId" || ' ' || "description") gin_trgm_ops);
