-- Task search (src/server/services/tasks/tasks.ts): trigram indexes over the organization id of a
-- task followed by its text. A search for `<organizationId> %term%` on these expressions gets from
-- the index only the tasks of that organization holding the trigrams of the term, where the indexes
-- on the text alone handed over those of every organization. Indexes on expressions are not in
-- schema.prisma (Prisma cannot express them, and its schema diff leaves them alone).
DROP INDEX "Task_title_trgm_idx";

DROP INDEX "Task_description_trgm_idx";

CREATE INDEX "Task_organization_title_trgm_idx" ON "Task" USING GIN (("organizationId" || ' ' || "title") gin_trgm_ops);

CREATE INDEX "Task_organization_description_trgm_idx" ON "Task" USING GIN (("organizationId" || ' ' || "description") gin_trgm_ops);

-- The ids of the tasks whose organization id and title or description match `pattern` (built as
-- `<organizationId> %term%`), from the indexes above. A table whose long texts are stored out of line
-- looks small to the planner, which would rather read all of it (every organization, every long
-- description) than the indexes: within this function only, it is told not to (a function with a SET
-- clause is planned with the setting, and keeps the caller to one statement). ROWS: few candidates
-- are expected, so that the caller looks each one up by id rather than checking every task.
CREATE FUNCTION "task_search_candidates"(pattern TEXT) RETURNS SETOF TEXT
LANGUAGE sql STABLE
ROWS 10
SET enable_seqscan = off
AS $$
  SELECT t."id" FROM "Task" t
  WHERE (t."organizationId" || ' ' || t."title") ILIKE pattern
     OR (t."organizationId" || ' ' || t."description") ILIKE pattern
$$;
