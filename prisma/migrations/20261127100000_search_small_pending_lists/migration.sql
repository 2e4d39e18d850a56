-- Searches (tasks: src/server/services/tasks/tasks.ts, customers, constellations): the trigram
-- indexes' pending lists kept small.
-- A GIN index adds new entries to a pending list, which every search through the index reads in full
-- until a VACUUM merges it into the index or it outgrows gin_pending_list_limit (4 MB by default). The
-- embedded database runs no autovacuum: after 2,000 long tasks were created, each search read all of
-- them from both lists (100-250 ms on PGlite where the merged indexes answer in 5-10 ms). At the
-- smallest limit (64 kB) the insert that overflows the list merges it, so a search reads at most that
-- much, while inserts still batch their index updates (with fastupdate off each insert of a long
-- description would update the index itself, about a third slower on PostgreSQL).
ALTER INDEX "Task_organization_title_trgm_idx" SET (gin_pending_list_limit = 64);

ALTER INDEX "Task_organization_description_trgm_idx" SET (gin_pending_list_limit = 64);

ALTER INDEX "Customer_name_trgm_idx" SET (gin_pending_list_limit = 64);

ALTER INDEX "Customer_company_trgm_idx" SET (gin_pending_list_limit = 64);

ALTER INDEX "Constellation_title_trgm_idx" SET (gin_pending_list_limit = 64);

ALTER INDEX "Constellation_goal_trgm_idx" SET (gin_pending_list_limit = 64);

-- What the lists already hold is merged now (the new limit applies from the next insert).
SELECT gin_clean_pending_list('"Task_organization_title_trgm_idx"'::regclass);

SELECT gin_clean_pending_list('"Task_organization_description_trgm_idx"'::regclass);

SELECT gin_clean_pending_list('"Customer_name_trgm_idx"'::regclass);

SELECT gin_clean_pending_list('"Customer_company_trgm_idx"'::regclass);

SELECT gin_clean_pending_list('"Constellation_title_trgm_idx"'::regclass);

SELECT gin_clean_pending_list('"Constellation_goal_trgm_idx"'::regclass);
